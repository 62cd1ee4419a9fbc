import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSmartSurveyOptions } from '../../../../../shared/api/surveys.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getSurveyOptions = () => adminCall(adminSmartSurveyOptions, {});
export type SurveyOptions = Awaited<ReturnType<typeof getSurveyOptions>>;

export const surveyOptionsQueryOptions = () =>
  queryOptions({
    queryKey: adminKey('smart-survey-options'),
    queryFn: getSurveyOptions,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useSurveyOptions = () => useQuery(surveyOptionsQueryOptions());
