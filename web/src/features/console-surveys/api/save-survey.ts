import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminSmartSurveyCreate,
  adminSmartSurveyDelete,
  adminSmartSurveyUpdate,
} from '../../../../../shared/api/smart-surveys.ts';
import type { SmartSurveyInput } from '../../../../../shared/surveys/smart-survey.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { surveysKey } from './get-surveys.ts';

export const createSurvey = (survey: SmartSurveyInput) => adminCall(adminSmartSurveyCreate, survey);
export const updateSurvey = (sid: string, survey: SmartSurveyInput) =>
  adminCall(adminSmartSurveyUpdate, { sid, ...survey });
export const deleteSurvey = (id: string) => adminCall(adminSmartSurveyDelete, { id });

/** Create, update and delete; each reads the surveys again when it succeeds. */
export function useSurveyWrites() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: surveysKey });
  return {
    create: useMutation({ mutationFn: createSurvey, onSuccess }),
    update: useMutation({
      mutationFn: (input: { sid: string; survey: SmartSurveyInput }) => updateSurvey(input.sid, input.survey),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteSurvey, onSuccess }),
  };
}
