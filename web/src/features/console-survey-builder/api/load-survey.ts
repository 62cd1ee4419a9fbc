import { useMutation } from '@tanstack/react-query';
import { loadSurvey } from '../../../../../shared/api/surveys.ts';
import type { SurveyLanguage } from '../../../../../shared/surveys/languages.ts';
import type { SurveyFormType } from '../../../../../shared/surveys/survey-form.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

/** The released form of a type and language (null when none was released): the builder's import. */
export const loadReleasedSurvey = (type: SurveyFormType, lang: SurveyLanguage) =>
  adminCall(loadSurvey, { type, lang });

export const useLoadReleasedSurvey = () =>
  useMutation({
    mutationFn: (input: { type: SurveyFormType; lang: SurveyLanguage }) =>
      loadReleasedSurvey(input.type, input.lang),
  });
