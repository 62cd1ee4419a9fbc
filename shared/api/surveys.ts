import * as z from 'zod';
import { SURVEY_LANGUAGES } from '../surveys/languages.ts';
import {
  SMART_SURVEY_ACTION_TYPES,
  SMART_SURVEY_DISPLAY_MODES,
  SMART_SURVEY_TIMING_TYPES,
  SmartSurveyInputSchema,
  SmartSurveySchema,
  SURVEY_TARGET_ID_TYPES,
  SURVEY_TARGETS_MAX,
  SurveyTargetIdSchema,
} from '../surveys/smart-survey.ts';
import { SURVEY_FORM_TYPES, SurveyFormSchema } from '../surveys/survey-form.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's in-app survey screens (admin-console.md sections 2 and 7). They sit in the auth
 * service, as the specification's call table has them; the paths are the specification's.
 */
const Sid = z.string().min(1).max(64);

export const adminSmartSurveyOptions = defineRoute({
  name: 'adminSmartSurveyOptions',
  service: 'auth',
  method: 'GET',
  path: '/admin-smart-survey-options',
  caller: 'admin',
  role: 'viewer',
  summary: 'The choices of the survey form: action types, Typeform display modes, timings, languages',
  request: z.object({}),
  response: z.object({
    actionTypes: z.array(z.enum(SMART_SURVEY_ACTION_TYPES)),
    displayModes: z.array(z.enum(SMART_SURVEY_DISPLAY_MODES)),
    timingTypes: z.array(z.enum(SMART_SURVEY_TIMING_TYPES)),
    languages: z.array(z.enum(SURVEY_LANGUAGES)),
    idTypes: z.array(z.enum(SURVEY_TARGET_ID_TYPES)),
  }),
  handler: 'surveys/admin-smart-survey-options',
});

export const adminSmartSurveyList = defineRoute({
  name: 'adminSmartSurveyList',
  service: 'auth',
  method: 'GET',
  path: '/admin-smart-survey',
  caller: 'admin',
  role: 'viewer',
  summary: 'Every in-app survey, by id',
  request: z.object({}),
  response: z.object({ surveys: z.array(SmartSurveySchema) }),
  handler: 'surveys/admin-smart-survey-list',
  grants: ['table:read'],
});

export const adminSmartSurveyGet = defineRoute({
  name: 'adminSmartSurveyGet',
  service: 'auth',
  method: 'GET',
  path: '/admin-smart-survey/{id}',
  caller: 'admin',
  role: 'viewer',
  summary: 'One in-app survey',
  request: z.object({ id: Sid }),
  response: z.object({ survey: SmartSurveySchema }),
  handler: 'surveys/admin-smart-survey-get',
  grants: ['table:read'],
});

export const adminSmartSurveyCreate = defineRoute({
  name: 'adminSmartSurveyCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-smart-survey',
  caller: 'admin',
  role: 'admin',
  summary: 'Create an in-app survey; each action type keeps only its own fields',
  request: SmartSurveyInputSchema,
  response: z.object({ sid: Sid }),
  handler: 'surveys/admin-smart-survey-create',
  grants: ['table:write'],
});

export const adminSmartSurveyUpdate = defineRoute({
  name: 'adminSmartSurveyUpdate',
  service: 'auth',
  method: 'PUT',
  path: '/admin-smart-survey/{sid}',
  caller: 'admin',
  role: 'admin',
  summary: 'Replace an in-app survey',
  request: z.intersection(z.object({ sid: Sid }), SmartSurveyInputSchema),
  response: z.object({ survey: SmartSurveySchema }),
  handler: 'surveys/admin-smart-survey-update',
  grants: ['table:read', 'table:write'],
});

export const adminSmartSurveyDelete = defineRoute({
  name: 'adminSmartSurveyDelete',
  service: 'auth',
  method: 'DELETE',
  path: '/admin-smart-survey/{id}',
  caller: 'admin',
  role: 'admin',
  summary: 'Delete an in-app survey (its survey type keeps its targets, for a later survey of that type)',
  request: z.object({ id: Sid }),
  response: z.object({ sid: Sid }),
  handler: 'surveys/admin-smart-survey-delete',
  grants: ['table:read', 'table:write'],
});

export const adminSmartSurveyTargets = defineRoute({
  name: 'adminSmartSurveyTargets',
  service: 'auth',
  method: 'POST',
  path: '/admin-smart-survey-targets',
  caller: 'admin',
  role: 'admin',
  summary:
    'Add targets (uids or cids) to a survey type: a bulk job queued in messages of 300, followed with ' +
    'admin-job/{jobId}; adding a target twice is the same as once',
  request: z.object({
    ids: z.array(z.string().max(128)).min(1).max(SURVEY_TARGETS_MAX),
    idType: z.enum(SURVEY_TARGET_ID_TYPES),
    surveyType: z.string().trim().min(1).max(64),
  }),
  response: z.object({ jobId: z.string(), total: z.number() }),
  handler: 'surveys/admin-smart-survey-targets',
  grants: ['table:write', 'queue:bulk'],
});

export const SurveyTargetRowSchema = z.object({
  id: z.string(),
  idType: z.enum(SURVEY_TARGET_ID_TYPES),
  surveyType: z.string(),
  created: z.number(),
});

export const adminGetSurveyUsers = defineRoute({
  name: 'adminGetSurveyUsers',
  service: 'auth',
  method: 'GET',
  path: '/admin-get-survey-users/{id}',
  caller: 'admin',
  role: 'viewer',
  summary:
    "The targets of a survey's type, in id order, optionally only ids starting with `search`, a page " +
    'at a time (`cursor`)',
  request: z.object({
    id: Sid,
    search: SurveyTargetIdSchema.optional(),
    cursor: ListPageRequestShape.cursor,
  }),
  response: z.object({
    surveyType: z.string(),
    targets: z.array(SurveyTargetRowSchema),
    ...ListPageAnswerShape,
  }),
  handler: 'surveys/admin-get-survey-users',
  grants: ['table:read'],
});

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
  role: 'admin',
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
  handler: 'surveys/admin-update-onboarding-survey',
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
  handler: 'surveys/load-cutloom-survey',
  grants: ['table:read'],
});

export const surveyRoutes = [
  adminSmartSurveyOptions,
  adminSmartSurveyList,
  adminSmartSurveyGet,
  adminSmartSurveyCreate,
  adminSmartSurveyUpdate,
  adminSmartSurveyDelete,
  adminSmartSurveyTargets,
  adminGetSurveyUsers,
  adminUpdateOnboardingSurvey,
  loadSurvey,
] as const;
