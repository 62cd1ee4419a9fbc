import { adminSmartSurveyTargets } from '../../shared/api/surveys.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { enqueueSurveyTargets } from '../core/surveys/survey-targets.ts';

export const handler = defineHandler(adminSmartSurveyTargets, (input, context) =>
  enqueueSurveyTargets({ ...input, createdBy: operatorOf(context).email }),
);
