import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, readText, sendJson } from '../../../scripts/local/http-helpers.ts';
import { serviceCredentials } from './service-credentials.ts';

/**
 * Secrets Manager is a network peer without a local stand-in: a loopback server answers its
 * GetSecretValue (JSON 1.1 protocol) so the real SDK client is exercised, pointed at it through the
 * SDK's own AWS_ENDPOINT_URL_SECRETS_MANAGER setting.
 */
const secrets: Record<string, string> = {
  'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:provider': JSON.stringify({
    apiKey: 'k',
    apiSecret: 's',
  }),
  'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:partial': JSON.stringify({ apiKey: 'k' }),
  'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:flaky': JSON.stringify({
    apiKey: 'k2',
    apiSecret: 's2',
  }),
};
const reads: string[] = [];
let failFlakyOnce = true;
let server: Awaited<ReturnType<typeof listenOnLoopback>>;

beforeAll(async () => {
  server = await listenOnLoopback(async (req, res) => {
    const { SecretId } = JSON.parse(await readText(req)) as { SecretId: string };
    reads.push(SecretId);
    if (SecretId.endsWith(':flaky') && failFlakyOnce) {
      failFlakyOnce = false;
      res.setHeader('x-amzn-errortype', 'InternalServiceError');
      return sendJson(res, 500, { __type: 'InternalServiceError', message: 'try again' });
    }
    sendJson(res, 200, { ARN: SecretId, Name: SecretId, SecretString: secrets[SecretId], VersionId: 'v1' });
  });
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SECRETS_MANAGER: server.url,
    AWS_REGION: 'ap-northeast-2',
    AWS_ACCESS_KEY_ID: 'test',
    AWS_SECRET_ACCESS_KEY: 'test',
    AWS_MAX_ATTEMPTS: '1',
  });
});
afterAll(async () => {
  await server.close();
  for (const name of [
    'AWS_ENDPOINT_URL_SECRETS_MANAGER',
    'AWS_MAX_ATTEMPTS',
    'PORTONE_SECRET_ARN',
    'PORTONE_API_KEY',
    'PORTONE_API_SECRET',
  ])
    delete process.env[name];
});

const read = () =>
  serviceCredentials('PORTONE_SECRET_ARN', { apiKey: 'PORTONE_API_KEY', apiSecret: 'PORTONE_API_SECRET' });

describe('service credentials', () => {
  it('come from the environment variables when they are all set (one machine)', async () => {
    Object.assign(process.env, {
      PORTONE_API_KEY: 'local-key',
      PORTONE_API_SECRET: 'local-secret',
      PORTONE_SECRET_ARN: 'unused',
    });
    expect(await read()).toEqual({ apiKey: 'local-key', apiSecret: 'local-secret' });
    expect(reads).toEqual([]);
    delete process.env.PORTONE_API_KEY;
    delete process.env.PORTONE_API_SECRET;
  });

  it('come from the secret otherwise, read once per container', async () => {
    process.env.PORTONE_SECRET_ARN = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:provider';
    expect(await read()).toEqual({ apiKey: 'k', apiSecret: 's' });
    expect(await read()).toEqual({ apiKey: 'k', apiSecret: 's' });
    expect(reads.filter((arn) => arn.endsWith(':provider'))).toHaveLength(1);
  });

  it('name what is missing', async () => {
    process.env.PORTONE_SECRET_ARN = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:partial';
    await expect(read()).rejects.toThrow('The secret PORTONE_SECRET_ARN has no apiSecret');
    delete process.env.PORTONE_SECRET_ARN;
    await expect(read()).rejects.toThrow('Set PORTONE_API_KEY, PORTONE_API_SECRET or PORTONE_SECRET_ARN');
  });

  it('read again after a failed read instead of keeping the failure', async () => {
    process.env.PORTONE_SECRET_ARN = 'arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:flaky';
    await expect(read()).rejects.toThrow();
    expect(await read()).toEqual({ apiKey: 'k2', apiSecret: 's2' });
  });
});
