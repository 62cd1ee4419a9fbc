import { adminSmartSurveyTargets } from '../../../../../shared/api/surveys.ts';
import type { SurveyTargetIdType } from '../../../../../shared/surveys/smart-survey.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

/** Queues survey targets; the page follows the job with the console's bulk-job progress. */
export const addSurveyTargets = (input: { ids: string[]; idType: SurveyTargetIdType; surveyType: string }) =>
  adminCall(adminSmartSurveyTargets, input);
