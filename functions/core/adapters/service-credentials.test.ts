import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type SecretsManagerPeer,
  startSecretsManagerPeer,
} from '../../../scripts/local/secrets-manager-peer.ts';
import { SECRET_CACHE_SECONDS } from '../../../shared/timeouts.ts';
import { serviceCredentials } from './service-credentials.ts';

const arn = (name: string) => `arn:aws:secretsmanager:ap-northeast-2:000000000000:secret:${name}`;
let peer: SecretsManagerPeer;

beforeAll(async () => {
  peer = await startSecretsManagerPeer();
  peer.put(arn('provider'), JSON.stringify({ apiKey: 'k', apiSecret: 's' }));
  peer.put(arn('partial'), JSON.stringify({ apiKey: 'k' }));
  peer.put(arn('flaky'), JSON.stringify({ apiKey: 'k2', apiSecret: 's2' }));
  peer.put(arn('renewed'), JSON.stringify({ apiKey: 'old', apiSecret: 'old' }));
});
afterAll(async () => {
  await peer.close();
  for (const name of ['PORTONE_SECRET_ARN', 'PORTONE_API_KEY', 'PORTONE_API_SECRET'])
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
    expect(peer.reads).toEqual([]);
    delete process.env.PORTONE_API_KEY;
    delete process.env.PORTONE_API_SECRET;
  });

  it('come from the secret otherwise, read once within the cache time', async () => {
    process.env.PORTONE_SECRET_ARN = arn('provider');
    expect(await read()).toEqual({ apiKey: 'k', apiSecret: 's' });
    expect(await read()).toEqual({ apiKey: 'k', apiSecret: 's' });
    expect(peer.reads.filter((id) => id === arn('provider'))).toHaveLength(1);
  });

  it("take up an operator's new credentials once the cache time has passed", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      process.env.PORTONE_SECRET_ARN = arn('renewed');
      expect(await read()).toEqual({ apiKey: 'old', apiSecret: 'old' });
      peer.put(arn('renewed'), JSON.stringify({ apiKey: 'new', apiSecret: 'new' }));
      vi.advanceTimersByTime((SECRET_CACHE_SECONDS - 1) * 1000);
      expect(await read()).toEqual({ apiKey: 'old', apiSecret: 'old' });
      vi.advanceTimersByTime(2000);
      expect(await read()).toEqual({ apiKey: 'new', apiSecret: 'new' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('name what is missing', async () => {
    process.env.PORTONE_SECRET_ARN = arn('partial');
    await expect(read()).rejects.toThrow('The secret PORTONE_SECRET_ARN has no apiSecret');
    delete process.env.PORTONE_SECRET_ARN;
    await expect(read()).rejects.toThrow('Set PORTONE_API_KEY, PORTONE_API_SECRET or PORTONE_SECRET_ARN');
  });

  it('read again after a failed read instead of keeping the failure', async () => {
    process.env.PORTONE_SECRET_ARN = arn('flaky');
    peer.failNextRead(arn('flaky'));
    await expect(read()).rejects.toThrow();
    expect(await read()).toEqual({ apiKey: 'k2', apiSecret: 's2' });
  });
});
