import { adminSmartSurveyDelete } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { deleteSmartSurvey } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyDelete, async ({ id }) => {
  await deleteSmartSurvey(id);
  return { sid: id };
});
