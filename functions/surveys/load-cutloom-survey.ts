import { loadSurvey } from '../../shared/api/surveys.ts';
import { defineHandler } from '../core/pipeline.ts';
import { loadReleasedSurvey } from '../core/surveys/survey-forms.ts';

export const handler = defineHandler(loadSurvey, async ({ type, lang }) => ({
  survey: await loadReleasedSurvey(type, lang),
}));
