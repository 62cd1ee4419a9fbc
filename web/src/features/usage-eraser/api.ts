import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RouteInput } from '../../../../shared/api/define-route.ts';
import {
  getPaymentUsageEraserSessionInfo,
  insertPaymentProgressUsageEraserInfo,
} from '../../../../shared/api/usage-eraser.ts';
import { callRoute } from '../../lib/api-client.ts';

/** The eraser session is loaded once per page, then kept (its figures change only by a purchase). */
export const useEraserSession = (guid: string, isTest: boolean) =>
  useQuery(
    queryOptions({
      queryKey: ['eraser-session', guid, isTest],
      queryFn: async () => (await callRoute(getPaymentUsageEraserSessionInfo, { guid, isTest })).sessionInfo,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    }),
  );

export const fetchEraserProgress = (input: RouteInput<typeof insertPaymentProgressUsageEraserInfo>) =>
  callRoute(insertPaymentProgressUsageEraserInfo, input);
