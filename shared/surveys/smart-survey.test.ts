import { describe, expect, it } from 'vitest';
import { SmartSurveyInputSchema } from './smart-survey.ts';

const m = (key: string) => `console-surveys:validation.${key}`;

/** The first problem of each field of a survey, as the form shows it under the field. */
function problems(survey: Record<string, unknown>): Record<string, string> {
  const result = SmartSurveyInputSchema.safeParse(survey);
  const byPath: Record<string, string> = {};
  if (!result.success)
    for (const issue of result.error.issues) byPath[issue.path.join('.')] ??= issue.message;
  return byPath;
}

describe('a smart survey', () => {
  it('reports the action type’s own fields together with every other problem (no second wave)', () => {
    const locate = { language: 'ko', message: '', confirmMessage: 'OK' };
    expect(
      problems({
        surveyType: '',
        actionType: 'typeform',
        locates: [locate],
        timingTypes: [],
        expireDate: Number.NaN,
      }),
    ).toEqual({
      surveyType: m('survey_type'),
      displayMode: m('display_mode'),
      'locates.0.message': m('message'),
      'locates.0.typeformId': m('typeform_id'),
      timingTypes: m('timing_types'),
      expireDate: m('expire_date'),
    });
    expect(
      problems({
        surveyType: 'spring',
        actionType: 'redirect',
        locates: [{ ...locate, redirectUrl: 'nowhere' }],
        timingTypes: ['app_start'],
        expireDate: Date.now(),
      }),
    ).toEqual({ 'locates.0.message': m('message'), 'locates.0.redirectUrl': m('redirect_url') });
  });
});
