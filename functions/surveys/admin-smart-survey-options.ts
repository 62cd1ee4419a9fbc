import { adminSmartSurveyOptions } from '../../shared/api/surveys.ts';
import { SURVEY_LANGUAGES } from '../../shared/surveys/languages.ts';
import {
  SMART_SURVEY_ACTION_TYPES,
  SMART_SURVEY_DISPLAY_MODES,
  SMART_SURVEY_TIMING_TYPES,
  SURVEY_TARGET_ID_TYPES,
} from '../../shared/surveys/smart-survey.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminSmartSurveyOptions, async () => ({
  actionTypes: [...SMART_SURVEY_ACTION_TYPES],
  displayModes: [...SMART_SURVEY_DISPLAY_MODES],
  timingTypes: [...SMART_SURVEY_TIMING_TYPES],
  languages: [...SURVEY_LANGUAGES],
  idTypes: [...SURVEY_TARGET_ID_TYPES],
}));
