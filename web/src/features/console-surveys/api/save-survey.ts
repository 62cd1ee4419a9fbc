import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import {
  adminSmartSurveyCreate,
  adminSmartSurveyDelete,
  type adminSmartSurveyList,
  adminSmartSurveyUpdate,
} from '../../../../../shared/api/surveys.ts';
import type { SmartSurvey, SmartSurveyInput } from '../../../../../shared/surveys/smart-survey.ts';
import { useUndoableWrite } from '../../../components/console/use-undoable-write.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { surveysKey } from './get-surveys.ts';

export const createSurvey = (survey: SmartSurveyInput) => adminCall(adminSmartSurveyCreate, survey);
export const updateSurvey = (sid: string, survey: SmartSurveyInput) =>
  adminCall(adminSmartSurveyUpdate, { id: sid, ...survey });
export const deleteSurvey = (id: string) => adminCall(adminSmartSurveyDelete, { id });

type SurveyList = RouteOutput<typeof adminSmartSurveyList>;

/**
 * Create, update and delete. Create and delete are sent at once and read the surveys again; an edit
 * is undoable (issue 19): shown at once in the list and the survey's page, sent when its toast goes
 * unless undone (use-undoable-write.ts).
 */
export function useSurveyWrites() {
  const queryClient = useQueryClient();
  const undoableWrite = useUndoableWrite();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: surveysKey });
  const show = (survey: SmartSurvey) => {
    queryClient.setQueryData<SurveyList>(surveysKey, (list) =>
      list ? { surveys: list.surveys.map((one) => (one.sid === survey.sid ? survey : one)) } : list,
    );
    queryClient.setQueryData([...surveysKey, survey.sid], { survey });
  };
  return {
    create: useMutation({ mutationFn: createSurvey, onSuccess }),
    update: (sid: string, survey: SmartSurveyInput & Pick<SmartSurvey, 'expireDate'>) =>
      undoableWrite({
        queryKeys: [surveysKey],
        show: () => {
          const shown = queryClient.getQueryData<{ survey: SmartSurvey }>([...surveysKey, sid])?.survey;
          if (shown) show({ ...shown, ...survey });
        },
        send: () => updateSurvey(sid, survey),
        sent: (answer) => show(answer.survey),
      }),
    remove: useMutation({ mutationFn: deleteSurvey, onSuccess }),
  };
}
