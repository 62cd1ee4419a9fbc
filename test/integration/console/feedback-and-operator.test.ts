import { describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { SAMPLE_CLOUD_PROJECT, SAMPLE_FEEDBACK_FILE } from '../../../scripts/local/stand-ins/s3.ts';
import { adminConfigDelete, adminConfigList, adminConfigUpdate } from '../../../shared/api/configs.ts';
import { adminFeedbackFilesInfo, copyCloudProjectForFeedback } from '../../../shared/api/feedback.ts';
import { ttsVoiceListV2 } from '../../../shared/api/tts-voices.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { CONFIG_MESSAGES } from '../../../shared/configs/config-entries.ts';
import { DEFAULT_TTS_VOICES, TTS_VOICES_CONFIG } from '../../../shared/tts-voices/tts-voices.ts';
import { adminToken, call } from '../helpers.ts';

/** Against the S3 stand-in of the runtime and its seeded sample file and cloud project. */
describe('feedback files', () => {
  it('finds a file with a working signed link, and says which names are not found', async () => {
    const token = await adminToken();
    const answer = await call(
      adminFeedbackFilesInfo,
      { filenames: [SAMPLE_FEEDBACK_FILE, 'missing.log'] },
      { token },
    );
    expect(answer.body.files).toEqual([
      {
        filename: SAMPLE_FEEDBACK_FILE,
        found: true,
        link: expect.stringContaining('X-Amz-Signature='),
        lastModified: expect.any(Number),
        size: expect.any(Number),
      },
      { filename: 'missing.log', found: false },
    ]);
    const download = await fetch(answer.body.files[0].link);
    expect(await download.text()).toContain('export failed');
  });

  it("copies a cloud project for feedback, recorded on its owner's activities; an unknown project fails", async () => {
    const token = await adminToken();
    const copied = await call(
      copyCloudProjectForFeedback,
      { projectId: SAMPLE_CLOUD_PROJECT, requestedBy: 'operator@example.com' },
      { token },
    );
    expect(copied.body).toEqual({
      result: 'success',
      prefix: expect.stringMatching(new RegExp(`^cloud/${SAMPLE_CLOUD_PROJECT}/\\d{14}/$`)),
      files: 2,
    });
    const files = await call(
      adminFeedbackFilesInfo,
      { filenames: [`${copied.body.prefix}project.json`] },
      { token },
    );
    expect(files.body.files[0].found).toBe(true);
    const owner = await call(adminUserInfo, { uid: SEEDED_ACCOUNTS.customer.uid }, { token });
    expect(owner.body.userActivities[0]).toMatchObject({ action: 'project.copy-for-feedback' });

    expect(
      (await call(copyCloudProjectForFeedback, { projectId: 'no-such-project', requestedBy: 'x' }, { token }))
        .body,
    ).toEqual({
      result: 'fail',
      errorType: 'PROJECT_NOT_FOUND',
      msg: 'No cloud project no-such-project',
    });
  });
});

describe('the TTS voice list', () => {
  it('answers the voices of the config entry, which operators can change', async () => {
    const token = await adminToken();
    expect((await call(ttsVoiceListV2, {})).body).toEqual({ result: { allVoices: DEFAULT_TTS_VOICES } });
    const entry = (await call(adminConfigList, {}, { token })).body.configs.find(
      (config: { name: string }) => config.name === TTS_VOICES_CONFIG,
    );
    const voices = [
      { name: 'en-US-Test', displayName: 'Test', language: 'en', gender: 'neutral', free: false },
    ];
    try {
      await call(
        adminConfigUpdate,
        { id: entry.configId, name: TTS_VOICES_CONFIG, value: JSON.stringify(voices) },
        { token },
      );
      expect((await call(ttsVoiceListV2, {})).body.result.allVoices).toEqual(voices);
    } finally {
      await call(
        adminConfigUpdate,
        { id: entry.configId, name: TTS_VOICES_CONFIG, value: entry.value },
        { token },
      );
    }
  });

  it('is saved only as a voice list, and is neither deleted nor renamed away', async () => {
    const token = await adminToken();
    const entry = (await call(adminConfigList, {}, { token })).body.configs.find(
      (config: { name: string }) => config.name === TTS_VOICES_CONFIG,
    );
    const update = (input: { name?: string; value: string }) =>
      call(adminConfigUpdate, { id: entry.configId, name: TTS_VOICES_CONFIG, ...input }, { token });
    const notJson = await update({ value: '[{"name": "broken"' });
    expect(notJson.body.error.code).toBe('invalid_argument');
    expect(notJson.body.error.msg).toContain(CONFIG_MESSAGES.notJson);
    expect((await update({ value: '[{"name": "no-gender"}]' })).body.error.msg).toContain(
      CONFIG_MESSAGES.schema,
    );
    expect((await update({ name: 'tts-voices-old', value: entry.value })).body.error).toEqual({
      code: 'invalid_argument',
      msg: CONFIG_MESSAGES.required,
    });
    expect((await call(adminConfigDelete, { id: entry.configId }, { token })).body.error.msg).toBe(
      CONFIG_MESSAGES.required,
    );
    expect((await call(ttsVoiceListV2, {})).body).toEqual({ result: { allVoices: DEFAULT_TTS_VOICES } });
  });
});
