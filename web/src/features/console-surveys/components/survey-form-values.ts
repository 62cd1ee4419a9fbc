import * as z from 'zod';
import { SURVEY_LANGUAGES, type SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import {
  DEFAULT_CONFIRM_MESSAGES,
  type SmartSurvey,
  type SmartSurveyActionType,
  type SmartSurveyInput,
  SmartSurveyInputSchema,
} from '../../../../../shared/surveys/smart-survey.ts';
import { formatKst, parseKstDateTime } from '../../../../../shared/time/kst.ts';

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

/** The form's values made into the API's survey (the expire date read as KST), checked by the shared rule. */
export const surveyFormRule = z
  .custom<SurveyFormValues>()
  .transform((values) => {
    let expireDate = Number.NaN;
    try {
      expireDate = parseKstDateTime(values.expireDate);
    } catch {
      // An unreadable date stays NaN: the rule reports it on the field.
    }
    return {
      ...values,
      displayMode: values.displayMode || undefined,
      timingTypes: Array.isArray(values.timingTypes) ? values.timingTypes : [],
      locates: values.locates.map((locate) => ({
        ...locate,
        typeformId: locate.typeformId || undefined,
        redirectUrl: locate.redirectUrl || undefined,
      })),
      expireDate,
      // The select and checkbox texts are typed as the API's choices here; the shared rule checks them next.
    } as SmartSurveyInput;
  })
  .pipe(SmartSurveyInputSchema);

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
