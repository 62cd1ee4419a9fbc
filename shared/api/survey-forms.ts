import * as z from 'zod';
import { SURVEY_LANGUAGES } from '../surveys/languages.ts';
import { SURVEY_FORM_TYPES, SurveyFormSchema } from '../surveys/survey-form.ts';
import { defineRoute } from './define-route.ts';

/**
 * The onboarding survey form's release (admin-console.md sections 2 and 7): the console's form builder
 * releases a form per type and language; the apps (and the builder's import) load it.
 */
export const ReleasedSurveySchema = z.object({
  surveyType: z.enum(SURVEY_FORM_TYPES),
  language: z.enum(SURVEY_LANGUAGES),
  surveyForm: SurveyFormSchema,
});

export const adminUpdateOnboardingSurvey = defineRoute({
  name: 'adminUpdateOnboardingSurvey',
  service: 'auth',
  method: 'PUT',
  path: '/admin-update-onboarding-survey',
  caller: 'admin',
  summary:
    'Release a survey form: `fileName` is `{type}_{lang}` (optionally with `.json`), `file` the form; it ' +
    'replaces the released form of that type and language',
  request: z.object({
    fileName: z
      .string()
      .regex(new RegExp(`^(${SURVEY_FORM_TYPES.join('|')})_(${SURVEY_LANGUAGES.join('|')})(\\.json)?$`)),
    file: SurveyFormSchema.refine((form) => form.surveys.length > 0, 'no surveys to upload'),
  }),
  response: z.object({ result: z.literal('success'), releaseId: z.string() }),
  handler: 'auth/admin-update-onboarding-survey',
  grants: ['table:write'],
});

export const loadSurvey = defineRoute({
  name: 'loadSurvey',
  service: 'operator',
  method: 'POST',
  path: '/load-cutloom-survey',
  caller: 'public',
  summary: 'The released survey form of a type and language (`survey` null when none was released)',
  request: z.object({ type: z.enum(SURVEY_FORM_TYPES), lang: z.enum(SURVEY_LANGUAGES) }),
  response: z.object({ survey: ReleasedSurveySchema.nullable() }),
  handler: 'operator/load-cutloom-survey',
  grants: ['table:read'],
});

export const surveyFormRoutes = [adminUpdateOnboardingSurvey, loadSurvey] as const;
