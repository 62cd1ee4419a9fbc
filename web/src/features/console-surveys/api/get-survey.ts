import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSmartSurveyGet } from '../../../../../shared/api/surveys.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { surveysKey } from './get-surveys.ts';

export const getSurvey = (id: string) => adminCall(adminSmartSurveyGet, { id });

export const surveyQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...surveysKey, id], queryFn: () => getSurvey(id) });

export const useSurvey = (id: string) => useQuery(surveyQueryOptions(id));
