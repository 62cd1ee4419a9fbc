import { choosePlan } from '../../../lib/order-session.ts';
import { useSessionChange } from '../hooks/use-session-change.ts';

/** The plan-change recompute: the session is priced for another plan. */
export const useChangeSessionPlan = (guid: string, isTest: boolean) =>
  useSessionChange<{ planName: string }>(guid, isTest, choosePlan);
