import * as z from 'zod';
import { SURVEY_LANGUAGES, type SurveyLanguage } from './languages.ts';

/**
 * In-app surveys ("smart surveys", admin-console.md sections 2, 3 and 5): a toast the app shows at
 * given moments until an expire date, whose button opens a Typeform (in a display mode), opens a page,
 * or opens the upgrade screen. Messages are i18n keys of the `console-surveys` namespace.
 */
export const SMART_SURVEY_ACTION_TYPES = ['typeform', 'redirect', 'upgrade'] as const;
export type SmartSurveyActionType = (typeof SMART_SURVEY_ACTION_TYPES)[number];

/** How the app embeds a Typeform (the embed library's modes the app supports). */
export const SMART_SURVEY_DISPLAY_MODES = ['popup', 'slider', 'fullscreen'] as const;

/** When the app may show a survey: at start, after an export, after a transcription, at exit. */
export const SMART_SURVEY_TIMING_TYPES = [
  'app_start',
  'after_export',
  'after_transcription',
  'app_exit',
] as const;

/** Who survey targets name: an account (uid) or an installation (cid). */
export const SURVEY_TARGET_ID_TYPES = ['uid', 'cid'] as const;
export type SurveyTargetIdType = (typeof SURVEY_TARGET_ID_TYPES)[number];

/**
 * The confirm button's text each action type starts with, in each survey language: changing a
 * survey's action type rewrites every language's confirm message to these (section 2).
 */
export const DEFAULT_CONFIRM_MESSAGES: Record<SmartSurveyActionType, Record<SurveyLanguage, string>> = {
  typeform: {
    ko: '설문 참여하기',
    en: 'Take the survey',
    ja: 'アンケートに回答する',
    es: 'Responder la encuesta',
    zh: '填寫問卷',
  },
  redirect: { ko: '자세히 보기', en: 'Learn more', ja: '詳しく見る', es: 'Más información', zh: '了解更多' },
  upgrade: { ko: '업그레이드', en: 'Upgrade', ja: 'アップグレード', es: 'Mejorar plan', zh: '升級方案' },
};

const m = (key: string) => `console-surveys:validation.${key}`;

export const SmartSurveyLocateSchema = z.object({
  language: z.enum(SURVEY_LANGUAGES),
  typeformId: z.string().trim().max(64).optional(),
  redirectUrl: z.string().trim().max(2048).optional(),
  message: z.string().trim().min(1, m('message')).max(500),
  confirmMessage: z.string().trim().min(1, m('confirm_message')).max(100),
});
export type SmartSurveyLocate = z.infer<typeof SmartSurveyLocateSchema>;

/** A survey type names a campaign, and its targets: lower-case letters, digits, '-' and '_'. */
const SurveyType = z
  .string()
  .trim()
  .min(1, m('survey_type'))
  .max(64, m('survey_type_format'))
  .regex(/^[a-z0-9_-]+$/, m('survey_type_format'));

/** A survey as the create and edit forms send it (and the server stores it). */
export const SmartSurveyInputSchema = z
  .object({
    surveyType: SurveyType,
    actionType: z.enum(SMART_SURVEY_ACTION_TYPES, { message: m('action_type') }),
    displayMode: z.enum(SMART_SURVEY_DISPLAY_MODES).optional(),
    locates: z.array(SmartSurveyLocateSchema).min(1, m('locates')).max(SURVEY_LANGUAGES.length),
    timingTypes: z
      .array(z.enum(SMART_SURVEY_TIMING_TYPES))
      .min(1, m('timing_types'))
      .max(SMART_SURVEY_TIMING_TYPES.length),
    expireDate: z
      .number({ message: m('expire_date') })
      .int()
      .positive(m('expire_date')),
  })
  // The action type's own fields are checked even while other fields are wrong, so the form shows
  // every problem at once (issue 19, defect 7); the values are then read as whatever is there.
  .superRefine(
    (survey, context) => {
      const issue = (path: (string | number)[], key: string) =>
        context.addIssue({ code: 'custom', path, message: m(key) });
      if (survey.actionType === 'typeform' && !survey.displayMode) issue(['displayMode'], 'display_mode');
      const seen = new Set<string>();
      (Array.isArray(survey.locates) ? survey.locates : []).forEach((locate, index) => {
        if (seen.has(locate.language)) issue(['locates', index, 'language'], 'language_twice');
        seen.add(locate.language);
        if (survey.actionType === 'typeform' && !locate.typeformId)
          issue(['locates', index, 'typeformId'], 'typeform_id');
        if (survey.actionType === 'redirect' && !/^https?:\/\/\S+$/.test(locate.redirectUrl ?? ''))
          issue(['locates', index, 'redirectUrl'], 'redirect_url');
      });
    },
    { when: () => true },
  )
  .transform((survey) => ({
    ...survey,
    // Each action type keeps only its own fields, so a changed type leaves nothing stale behind.
    displayMode: survey.actionType === 'typeform' ? survey.displayMode : undefined,
    locates: survey.locates.map((locate) => ({
      language: locate.language,
      message: locate.message,
      confirmMessage: locate.confirmMessage,
      ...(survey.actionType === 'typeform' ? { typeformId: locate.typeformId } : {}),
      ...(survey.actionType === 'redirect' ? { redirectUrl: locate.redirectUrl } : {}),
    })),
  }));
export type SmartSurveyInput = z.input<typeof SmartSurveyInputSchema>;

/**
 * A stored survey as the console reads it. The action type is read as text: a survey written by a
 * newer app release with a type this console does not know shows 'Unknown survey actionType'.
 */
export const SmartSurveySchema = z.object({
  sid: z.string(),
  surveyType: z.string(),
  actionType: z.string(),
  displayMode: z.string().optional(),
  locates: z.array(
    z.object({
      language: z.string(),
      typeformId: z.string().optional(),
      redirectUrl: z.string().optional(),
      message: z.string(),
      confirmMessage: z.string(),
    }),
  ),
  timingTypes: z.array(z.string()),
  expireDate: z.number(),
  created: z.number(),
  updated: z.number(),
});
export type SmartSurvey = z.infer<typeof SmartSurveySchema>;

export function isKnownActionType(value: string): value is SmartSurveyActionType {
  return (SMART_SURVEY_ACTION_TYPES as readonly string[]).includes(value);
}

/** The locates with every confirm message set to the new action type's default (section 2). */
export function rewriteConfirmMessages<L extends { language: string; confirmMessage: string }>(
  locates: readonly L[],
  actionType: SmartSurveyActionType,
): L[] {
  return locates.map((locate) => ({
    ...locate,
    confirmMessage:
      DEFAULT_CONFIRM_MESSAGES[actionType][locate.language as SurveyLanguage] ??
      DEFAULT_CONFIRM_MESSAGES[actionType].en,
  }));
}

/** Survey targets per request: the API queues them in messages of 300 (shared/jobs/queues.ts). */
export const SURVEY_TARGETS_MAX = 50_000;
export const SurveyTargetIdSchema = z.string().trim().min(1).max(128);
