import * as z from 'zod';
import { SURVEY_LANGUAGES, type SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import {
  DEFAULT_CONFIRM_MESSAGES,
  type SmartSurvey,
  type SmartSurveyActionType,
  SmartSurveyInputSchema,
} from '../../../../../shared/surveys/smart-survey.ts';
import { formatKst } from '../../../../../shared/time/kst.ts';
import { readKstDateField } from '../../../../../shared/time/kst-date-field.ts';

/** What the survey form holds: the survey, with the expire date as KST text (a datetime-local input). */
export interface SurveyFormValues {
  surveyType: string;
  actionType: SmartSurveyActionType;
  displayMode: string;
  locates: {
    language: SurveyLanguage;
    typeformId: string;
    redirectUrl: string;
    message: string;
    confirmMessage: string;
  }[];
  timingTypes: string[] | false;
  expireDate: string;
}

/**
 * The form's values made into the API's survey, checked by the shared rule. The expire date is read by
 * the console's one date-field rule: text it cannot read is 'Invalid date format' on the field (as on
 * every console form), an empty field the survey rule's "please fill in"; every other field's problems
 * are reported at the same time.
 */
export const surveyFormRule = z.custom<SurveyFormValues>().transform((values, context) => {
  const expire = readKstDateField('date-time', values.expireDate);
  const checked = SmartSurveyInputSchema.safeParse({
    ...values,
    displayMode: values.displayMode || undefined,
    timingTypes: Array.isArray(values.timingTypes) ? values.timingTypes : [],
    locates: values.locates.map((locate) => ({
      ...locate,
      typeformId: locate.typeformId || undefined,
      redirectUrl: locate.redirectUrl || undefined,
    })),
    expireDate: expire.ms,
  });
  for (const issue of checked.success ? [] : checked.error.issues) {
    if (!(expire.formatError && issue.path[0] === 'expireDate'))
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }
  if (expire.formatError)
    context.addIssue({ code: 'custom', path: ['expireDate'], message: expire.formatError });
  return checked.success && !expire.formatError ? checked.data : z.NEVER;
});

export function newLocate(
  language: SurveyLanguage,
  actionType: SmartSurveyActionType,
): SurveyFormValues['locates'][number] {
  return {
    language,
    typeformId: '',
    redirectUrl: '',
    message: '',
    confirmMessage: DEFAULT_CONFIRM_MESSAGES[actionType][language],
  };
}

export function emptySurvey(): SurveyFormValues {
  return {
    surveyType: '',
    actionType: 'typeform',
    displayMode: 'popup',
    locates: [newLocate('ko', 'typeform')],
    timingTypes: ['app_start'],
    expireDate: '',
  };
}

/** A stored survey as form values (an unknown action type is kept: the form says it is unknown). */
export function surveyToForm(survey: SmartSurvey): SurveyFormValues {
  return {
    surveyType: survey.surveyType,
    actionType: survey.actionType as SmartSurveyActionType,
    displayMode: survey.displayMode ?? '',
    locates: survey.locates.map((locate) => ({
      language: (SURVEY_LANGUAGES as readonly string[]).includes(locate.language)
        ? (locate.language as SurveyLanguage)
        : 'en',
      typeformId: locate.typeformId ?? '',
      redirectUrl: locate.redirectUrl ?? '',
      message: locate.message,
      confirmMessage: locate.confirmMessage,
    })),
    timingTypes: survey.timingTypes,
    expireDate: formatKst(survey.expireDate),
  };
}
