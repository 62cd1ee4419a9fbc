import { listenOnLoopback, readText, sendJson } from './http-helpers.ts';

/**
 * Secrets Manager for unit tests: it has no local stand-in, so a loopback server answers GetSecretValue
 * (JSON 1.1 protocol) and the real SDK client, and Powertools Parameters over it, are exercised; the SDK
 * is pointed at it through its own AWS_ENDPOINT_URL_SECRETS_MANAGER setting. Values can change between
 * reads, as a rotation changes them.
 */
export interface SecretsManagerPeer {
  /** SecretIds asked for, in order. */
  reads: string[];
  /** Sets (or rotates) a secret's value; `fail` answers its next read with a service error. */
  put(arn: string, value: string): void;
  failNextRead(arn: string): void;
  close(): Promise<void>;
}

const VARIABLES = [
  'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  'AWS_REGION',
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_MAX_ATTEMPTS',
] as const;

export async function startSecretsManagerPeer(): Promise<SecretsManagerPeer> {
  const values = new Map<string, string>();
  const failing = new Set<string>();
  const reads: string[] = [];
  const server = await listenOnLoopback(async (req, res) => {
    const { SecretId } = JSON.parse(await readText(req)) as { SecretId: string };
    reads.push(SecretId);
    if (failing.delete(SecretId)) {
      res.setHeader('x-amzn-errortype', 'InternalServiceError');
      return sendJson(res, 500, { __type: 'InternalServiceError', message: 'try again' });
    }
    const value = values.get(SecretId);
    if (value === undefined) {
      res.setHeader('x-amzn-errortype', 'ResourceNotFoundException');
      return sendJson(res, 400, { __type: 'ResourceNotFoundException', message: 'no such secret' });
    }
    sendJson(res, 200, { ARN: SecretId, Name: SecretId, SecretString: value, VersionId: `v${reads.length}` });
  });
  const before = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: server.url,
    AWS_REGION: 'ap-northeast-2',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_MAX_ATTEMPTS: '1',
  });
  return {
    reads,
    put: (arn, value) => values.set(arn, value),
    failNextRead: (arn) => failing.add(arn),
    async close() {
      await server.close();
      for (const name of VARIABLES) {
        if (before[name] === undefined) delete process.env[name];
        else process.env[name] = before[name];
      }
    },
  };
}
