import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import type { ListPageRequest } from '../../../../../shared/api/list-page.ts';
import { adminGetSurveyUsers } from '../../../../../shared/api/surveys.ts';
import { usePagedList } from '../../../components/console/list/paged-list.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { surveysKey } from './get-surveys.ts';

/** One page of a survey's targets (the route takes no page size: its pages are the default's). */
export const getSurveyUsers = (id: string, search: string, page: ListPageRequest) =>
  adminCall(adminGetSurveyUsers, {
    id,
    ...(search ? { search } : {}),
    ...(page.cursor ? { cursor: page.cursor } : {}),
  });

const targetsOf = (page: RouteOutput<typeof adminGetSurveyUsers>) => page.targets;

export const useSurveyUsers = (id: string, search: string) =>
  usePagedList({
    queryKey: [...surveysKey, id, 'targets', search],
    fetchPage: (page: ListPageRequest) => getSurveyUsers(id, search, page),
    rowsOf: targetsOf,
  });
