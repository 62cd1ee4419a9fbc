import { useMutation } from '@tanstack/react-query';
import { adminUpdateOnboardingSurvey } from '../../../../../shared/api/surveys.ts';
import type { SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import {
  type SurveyForm,
  type SurveyFormType,
  surveyFormReleaseId,
} from '../../../../../shared/surveys/survey-form.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

/** Releases the form to the apps under `{type}_{lang}`. */
export const releaseSurvey = (type: SurveyFormType, lang: SurveyLanguage, form: SurveyForm) =>
  adminCall(adminUpdateOnboardingSurvey, { fileName: surveyFormReleaseId(type, lang), file: form });

export const useReleaseSurvey = () =>
  useMutation({
    mutationFn: (input: { type: SurveyFormType; lang: SurveyLanguage; form: SurveyForm }) =>
      releaseSurvey(input.type, input.lang, input.form),
  });
