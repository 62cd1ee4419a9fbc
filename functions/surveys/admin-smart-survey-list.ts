import { adminSmartSurveyList } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { listSmartSurveys } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyList, async () => ({
  surveys: await listSmartSurveys(),
}));
