import { adminSmartSurveyCreate } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { createSmartSurvey } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyCreate, async (input) => ({
  sid: await createSmartSurvey(input),
}));
