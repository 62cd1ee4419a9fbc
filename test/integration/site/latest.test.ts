import { describe, expect, it } from 'vitest';
import { adminConfigList, adminConfigUpdate } from '../../../shared/api/configs.ts';
import { latest } from '../../../shared/api/downloads.ts';
import { CONFIG_MESSAGES } from '../../../shared/configs/config-entries.ts';
import { DOWNLOAD_SPEC_CONFIG_NAME } from '../../../shared/downloads/download-packages.ts';
import { adminToken, call } from '../helpers.ts';

const ask = {
  cid: 'w-0f6c2d1e-4b7a-4c1e-9a57-3c2b1d0e9f8a',
  clientType: 'landing',
  language: 'en',
  osName: 'Windows',
};

describe('POST /operator/latest', () => {
  it('answers the seeded release: a version and candidates per platform, defaults first', async () => {
    const { status, body } = await call(latest, ask);
    expect(status).toBe(200);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.packages.windows[0]).toMatchObject({ type: 'file', platform: 'windows' });
    expect(body.packages.linux.map((candidate: { variant: string }) => candidate.variant)).toEqual([
      'appImage',
      'snap',
    ]);
    expect(body.packages.ios[0]).toMatchObject({
      type: 'link',
      payload: { urls: { en: expect.any(String) } },
    });
  });

  it('answers what an operator published in the config entry', async () => {
    const token = await adminToken();
    const { body: list } = await call(adminConfigList, {}, { token });
    const entry = list.configs.find((config: { name: string }) => config.name === DOWNLOAD_SPEC_CONFIG_NAME);
    const original = entry.value;
    const next = JSON.parse(original);
    next.version = '3.4.0';
    next.packages.windows = next.packages.windows.slice(0, 1);
    try {
      const update = await call(
        adminConfigUpdate,
        { id: entry.configId, name: entry.name, value: JSON.stringify(next) },
        { token },
      );
      expect(update.status).toBe(200);
      const { body } = await call(latest, ask);
      expect(body.version).toBe('3.4.0');
      expect(body.packages.windows).toHaveLength(1);

      // A value the release feed could not read is refused, and the feed keeps answering the last one.
      const broken = await call(
        adminConfigUpdate,
        { id: entry.configId, name: entry.name, value: '{"version":"x"}' },
        { token },
      );
      expect(broken.body.error.code).toBe('invalid_argument');
      expect(broken.body.error.msg).toContain(CONFIG_MESSAGES.schema);
      expect((await call(latest, ask)).body.version).toBe('3.4.0');
    } finally {
      await call(adminConfigUpdate, { id: entry.configId, name: entry.name, value: original }, { token });
    }
  });

  it('refuses a language the site does not have', async () => {
    const { status, body } = await call(latest, { ...ask, language: 'fr' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_ARGUMENT');
  });
});
