import { adminSmartSurveyUpdate } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { updateSmartSurvey } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyUpdate, async ({ id, ...input }) => ({
  survey: await updateSmartSurvey(id, input),
}));
