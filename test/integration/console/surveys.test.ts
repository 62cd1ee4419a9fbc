import { describe, expect, it } from 'vitest';
import {
  adminGetSurveyUsers,
  adminSmartSurveyCreate,
  adminSmartSurveyDelete,
  adminSmartSurveyGet,
  adminSmartSurveyList,
  adminSmartSurveyOptions,
  adminSmartSurveyTargets,
  adminSmartSurveyUpdate,
  adminUpdateOnboardingSurvey,
  loadSurvey,
} from '../../../shared/api/surveys.ts';
import { adminToken, allPages, call, uniqueId } from '../helpers.ts';
import { finishedJob } from './jobs.ts';

const typeformSurvey = (surveyType: string) => ({
  surveyType,
  actionType: 'typeform',
  displayMode: 'popup',
  locates: [
    { language: 'ko', typeformId: 'abc123', message: '의견을 들려주세요', confirmMessage: '설문 참여하기' },
    { language: 'en', typeformId: 'abc124', message: 'Tell us', confirmMessage: 'Take the survey' },
  ],
  timingTypes: ['app_start', 'after_export'],
  expireDate: Date.UTC(2030, 0, 1),
});

describe('smart surveys', () => {
  it('offers the form choices', async () => {
    const answer = await call(adminSmartSurveyOptions, {}, { token: await adminToken() });
    expect(answer.body).toMatchObject({
      actionTypes: ['typeform', 'redirect', 'upgrade'],
      languages: ['ko', 'en', 'ja', 'es', 'zh'],
      idTypes: ['uid', 'cid'],
    });
  });

  it('creates, lists, shows, edits (keeping only the new action type fields) and deletes a survey', async () => {
    const token = await adminToken();
    const surveyType = uniqueId('nps').toLowerCase();
    const created = await call(adminSmartSurveyCreate, typeformSurvey(surveyType), { token });
    expect(created.status).toBe(200);
    const sid = created.body.sid as string;
    const list = await call(adminSmartSurveyList, {}, { token });
    expect(list.body.surveys.find((survey: { sid: string }) => survey.sid === sid)).toMatchObject({
      surveyType,
      actionType: 'typeform',
      displayMode: 'popup',
    });

    const redirect = {
      ...typeformSurvey(surveyType),
      actionType: 'redirect',
      locates: [
        {
          language: 'ja',
          typeformId: 'stale',
          redirectUrl: 'https://example.com/ja',
          message: 'どうぞ',
          confirmMessage: '詳しく見る',
        },
      ],
    };
    const updated = await call(adminSmartSurveyUpdate, { id: sid, ...redirect }, { token });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const shown = await call(adminSmartSurveyGet, { id: sid }, { token });
    expect(shown.body.survey).toMatchObject({
      actionType: 'redirect',
      locates: [{ language: 'ja', redirectUrl: 'https://example.com/ja' }],
    });
    expect(shown.body.survey).not.toHaveProperty('displayMode');
    expect(shown.body.survey.locates[0]).not.toHaveProperty('typeformId');

    expect((await call(adminSmartSurveyDelete, { id: sid }, { token })).body).toEqual({ sid });
    expect((await call(adminSmartSurveyGet, { id: sid }, { token })).body.error.code).toBe('not_found');
    expect((await call(adminSmartSurveyUpdate, { id: sid, ...redirect }, { token })).body.error.code).toBe(
      'not_found',
    );
  });

  it('refuses a survey missing what its action type needs (section 5)', async () => {
    const token = await adminToken();
    const base = typeformSurvey('nps-refused');
    const refused = async (survey: Record<string, unknown>, key: string) => {
      const answer = await call(adminSmartSurveyCreate, survey, { token });
      expect(answer.body.error?.code, key).toBe('invalid_argument');
      expect(answer.body.error.msg).toContain(`console-surveys:validation.${key}`);
    };
    await refused({ ...base, displayMode: undefined }, 'display_mode');
    await refused({ ...base, locates: [{ ...base.locates[0], typeformId: '' }] }, 'typeform_id');
    await refused({ ...base, actionType: 'redirect' }, 'redirect_url');
    await refused({ ...base, locates: [{ ...base.locates[0], message: ' ' }] }, 'message');
    await refused({ ...base, locates: [{ ...base.locates[0], confirmMessage: '' }] }, 'confirm_message');
    await refused({ ...base, timingTypes: [] }, 'timing_types');
    await refused({ ...base, actionType: 'poll' }, 'action_type');
    await refused({ ...base, surveyType: '' }, 'survey_type');
    await refused({ ...base, locates: [base.locates[0], base.locates[0]] }, 'language_twice');
  });

  it('adds targets through the queue, once each however often uploaded, and searches them by id', async () => {
    const token = await adminToken();
    const surveyType = uniqueId('targets').toLowerCase();
    const { sid } = (await call(adminSmartSurveyCreate, { ...typeformSurvey(surveyType) }, { token })).body;
    const ids = Array.from({ length: 310 }, (_, index) => `uid-${String(index).padStart(4, '0')}`);
    const started = await call(
      adminSmartSurveyTargets,
      { ids: [...ids, ' '], idType: 'uid', surveyType },
      { token },
    );
    expect(started.body.total).toBe(311);
    const { job, fails } = await finishedJob(started.body.jobId, token);
    expect(job).toMatchObject({ succeeded: 310, failed: 1 });
    expect(fails).toEqual([{ item: ' ', reason: 'Invalid id' }]);
    const again = await call(
      adminSmartSurveyTargets,
      { ids: ids.slice(0, 10), idType: 'uid', surveyType },
      { token },
    );
    await finishedJob(again.body.jobId, token);

    const first = await call(adminGetSurveyUsers, { id: sid }, { token });
    expect(first.body).toMatchObject({ surveyType, cursor: expect.any(String) });
    expect(first.body.targets).toHaveLength(50);
    const all = await allPages<{ id: string }>(adminGetSurveyUsers, { id: sid }, 'targets', { token });
    expect(new Set(all.map((target) => target.id)).size).toBe(310);
    const searched = await call(adminGetSurveyUsers, { id: sid, search: 'uid-012' }, { token });
    expect(searched.body.targets.map((target: { id: string }) => target.id)).toEqual(
      Array.from({ length: 10 }, (_, index) => `uid-012${index}`),
    );
  });
});

describe('the onboarding survey form release', () => {
  const form = {
    surveys: [
      {
        id: 'role',
        question: 'What do you make?',
        type: 'select',
        options: [{ id: 'edu', answer: 'Lectures' }],
      },
      {
        id: 'why',
        question: 'Why?',
        type: 'text',
        placeholder: 'Tell us',
        dependsOn: { questionId: 'role', requiredAnswerIds: ['edu'] },
      },
    ],
  };

  it('releases a form per type and language, and the apps load it', async () => {
    const token = await adminToken();
    // No other test releases the Chinese form (the route matrix releases the Spanish one).
    expect(await call(loadSurvey, { type: 'onboarding', lang: 'zh' })).toMatchObject({
      status: 200,
      body: { survey: null },
    });
    const released = await call(
      adminUpdateOnboardingSurvey,
      { fileName: 'onboarding_ja.json', file: form },
      { token },
    );
    expect(released.body).toEqual({ result: 'success', releaseId: 'onboarding_ja' });
    const loaded = await call(loadSurvey, { type: 'onboarding', lang: 'ja' });
    expect(loaded.body.survey).toMatchObject({
      surveyType: 'onboarding',
      language: 'ja',
      surveyForm: { surveys: [{ id: 'role', multiple: false }, { id: 'why' }] },
    });
  });

  it('refuses a bad file name, an empty form and a broken one', async () => {
    const token = await adminToken();
    for (const input of [
      { fileName: 'onboarding_xx', file: form },
      { fileName: 'onboarding_ko', file: { surveys: [] } },
      { fileName: 'onboarding_ko', file: { surveys: [{ id: 'x', question: 'q', type: 'text' }] } },
    ])
      expect((await call(adminUpdateOnboardingSurvey, input, { token })).body.error.code).toBe(
        'invalid_argument',
      );
  });
});
