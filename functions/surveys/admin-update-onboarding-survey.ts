import { adminUpdateOnboardingSurvey } from '../../shared/api/surveys.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { parseReleaseFileName, releaseSurveyForm } from '../core/surveys/survey-forms.ts';

export const handler = defineHandler(adminUpdateOnboardingSurvey, async ({ fileName, file }, context) => {
  const { type, language } = parseReleaseFileName(fileName);
  const releaseId = await releaseSurveyForm(type, language, file, operatorOf(context).email);
  return { result: 'success' as const, releaseId };
});
