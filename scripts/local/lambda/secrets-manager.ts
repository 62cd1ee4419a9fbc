import { randomBytes } from 'node:crypto';
import { listenOnLoopback, readText, sendJson } from '../http-helpers.ts';

/**
 * Secrets Manager for the functions of `npm start -- --lambda`: the secrets the assembly declares, with
 * the values a deployment would give them (a generated key as GenerateSecretString makes it, the
 * sandboxes' credentials where an operator would fill them in). It answers GetSecretValue and
 * DescribeSecret (JSON 1.1 protocol, by ARN or name) so that Powertools Parameters over the SDK's client
 * runs unchanged, and refuses an unknown secret as the service does (ResourceNotFoundException, 400).
 */
export interface DeclaredSecret {
  arn: string;
  name: string;
  generate?: Record<string, unknown>;
  secretString?: string;
}

export interface SecretsManagerStandIn {
  endpoint: string;
  /** A secret's current text (tests and the gateway's origin header read it). */
  valueOf(name: string): string | undefined;
  stop(): Promise<void>;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** What GenerateSecretString makes: the template's JSON with a generated key (no punctuation, as declared). */
function generated(generate: Record<string, unknown>): string {
  const length = Number(generate.PasswordLength ?? 32);
  const bytes = randomBytes(length);
  const key = Array.from(bytes, (byte) => ALPHANUMERIC[byte % ALPHANUMERIC.length]).join('');
  const template = JSON.parse(String(generate.SecretStringTemplate ?? '{}')) as Record<string, unknown>;
  return JSON.stringify({ ...template, [String(generate.GenerateStringKey ?? 'password')]: key });
}

/**
 * `values` fills a secret by its name's last segment (`cutloom/{stage}/portone` -> `portone`): the
 * sandboxes' credentials and the runtime's token key; other secrets get what their template declares.
 */
export async function startSecretsManager(
  declared: readonly DeclaredSecret[],
  values: Readonly<Record<string, string>>,
): Promise<SecretsManagerStandIn> {
  const secrets = declared.map((secret) => ({
    ...secret,
    value:
      values[secret.name.split('/').pop() ?? ''] ??
      (secret.generate ? generated(secret.generate) : (secret.secretString ?? '')),
    versionId: randomBytes(16).toString('hex'),
  }));
  const find = (id: unknown) => secrets.find((secret) => secret.arn === id || secret.name === id);
  const server = await listenOnLoopback(async (req, res) => {
    const input = JSON.parse((await readText(req)) || '{}') as { SecretId?: string };
    const operation = String(req.headers['x-amz-target'] ?? '').replace('secretsmanager.', '');
    const secret = find(input.SecretId);
    if (!secret) {
      res.setHeader('x-amzn-errortype', 'ResourceNotFoundException');
      return sendJson(res, 400, {
        __type: 'ResourceNotFoundException',
        message: "Secrets Manager can't find the specified secret.",
      });
    }
    if (operation === 'GetSecretValue')
      return sendJson(res, 200, {
        ARN: secret.arn,
        Name: secret.name,
        SecretString: secret.value,
        VersionId: secret.versionId,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: Date.now() / 1000,
      });
    if (operation === 'DescribeSecret') return sendJson(res, 200, { ARN: secret.arn, Name: secret.name });
    res.setHeader('x-amzn-errortype', 'InvalidRequestException');
    return sendJson(res, 400, {
      __type: 'InvalidRequestException',
      message: `${operation} is not supported here`,
    });
  });
  return {
    endpoint: server.url,
    valueOf: (name) => find(name)?.value,
    stop: () => server.close(),
  };
}
