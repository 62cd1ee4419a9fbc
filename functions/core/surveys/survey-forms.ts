import type * as z from 'zod';
import type { ReleasedSurveySchema } from '../../../shared/api/surveys.ts';
import type { SurveyLanguage } from '../../../shared/surveys/languages.ts';
import {
  SURVEY_FORM_RESOURCE,
  type SurveyForm,
  SurveyFormSchema,
  type SurveyFormType,
  surveyFormReleaseId,
} from '../../../shared/surveys/survey-form.ts';
import { getReleased, putReleased } from '../data/release-repository.ts';
import { logger } from '../logger.ts';

type ReleasedSurvey = z.output<typeof ReleasedSurveySchema>;

/** The release file name `{type}_{lang}` (the `.json` an exported file carries is allowed). */
export function parseReleaseFileName(fileName: string): { type: SurveyFormType; language: SurveyLanguage } {
  const [type, language] = fileName.replace(/\.json$/, '').split('_') as [SurveyFormType, SurveyLanguage];
  return { type, language };
}

/** Releases a form under resource `{product}Survey`, id `{type}_{lang}`. */
export async function releaseSurveyForm(
  type: SurveyFormType,
  language: SurveyLanguage,
  form: SurveyForm,
  releasedBy: string,
): Promise<string> {
  const releaseId = surveyFormReleaseId(type, language);
  const survey: ReleasedSurvey = { surveyType: type, language, surveyForm: form };
  await putReleased(SURVEY_FORM_RESOURCE, releaseId, survey, releasedBy);
  return releaseId;
}

/** The released form of a type and language; none when nothing (readable) was released. */
export async function loadReleasedSurvey(
  type: SurveyFormType,
  language: SurveyLanguage,
): Promise<ReleasedSurvey | null> {
  const released = await getReleased(SURVEY_FORM_RESOURCE, surveyFormReleaseId(type, language));
  if (!released) return null;
  const form = SurveyFormSchema.safeParse((released.data as { surveyForm?: unknown }).surveyForm);
  if (!form.success) {
    logger.error('A released survey form does not read', { type, language });
    return null;
  }
  return { surveyType: type, language, surveyForm: form.data };
}
