import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminGetSurveyUsers } from '../../../../../shared/api/smart-surveys.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { surveysKey } from './get-surveys.ts';

export const getSurveyUsers = (id: string, search: string) =>
  adminCall(adminGetSurveyUsers, { id, ...(search ? { search } : {}) });

export const surveyUsersQueryOptions = (id: string, search: string) =>
  queryOptions({
    queryKey: [...surveysKey, id, 'targets', search],
    queryFn: () => getSurveyUsers(id, search),
    placeholderData: keepPreviousData,
  });

export const useSurveyUsers = (id: string, search: string) => useQuery(surveyUsersQueryOptions(id, search));
