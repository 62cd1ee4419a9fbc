import { adminGetSurveyUsers } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { getSmartSurvey } from '../core/surveys/smart-surveys.ts';
import { listSurveyTargets } from '../core/surveys/survey-targets.ts';

export const handler = defineHandler(adminGetSurveyUsers, async ({ id, search, cursor }) => {
  const { surveyType } = await getSmartSurvey(id);
  return { surveyType, ...(await listSurveyTargets(surveyType, search, { cursor })) };
});
