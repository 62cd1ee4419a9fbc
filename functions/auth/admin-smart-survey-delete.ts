import { adminSmartSurveyDelete } from '../../shared/api/smart-surveys.ts';
import { defineHandler } from '../core/pipeline.ts';
import { deleteSmartSurvey } from '../core/surveys/smart-surveys.ts';

export const handler = defineHandler(adminSmartSurveyDelete, async ({ id }) => {
  await deleteSmartSurvey(id);
  return { sid: id };
});
