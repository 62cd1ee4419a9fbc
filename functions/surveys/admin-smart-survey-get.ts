import { adminSmartSurveyGet } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { getSmartSurvey } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyGet, async ({ id }) => ({
  survey: await getSmartSurvey(id),
}));
