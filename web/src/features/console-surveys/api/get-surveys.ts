import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSmartSurveyList } from '../../../../../shared/api/surveys.ts';
import { adminCall, adminKey } from '../../../lib/console/admin-api.ts';

export const getSurveys = () => adminCall(adminSmartSurveyList, {});

export const surveysKey = adminKey('smart-surveys');

export const surveysQueryOptions = () => queryOptions({ queryKey: surveysKey, queryFn: getSurveys });

export const useSurveys = () => useQuery(surveysQueryOptions());
