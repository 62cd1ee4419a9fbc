import { DIRECT_DEPOSIT_CUSTOMER_UID } from '../direct-deposits/direct-deposit.ts';

/**
 * The plan-state rules of the user detail (admin-console.md section 4): the valid plan, and which
 * navigation buttons an operator sees. Pure, so the console and the server judge alike; the instant
 * they judge at is the server's (`checkedAt` of admin-user-info), so the test clock counts.
 */
export type PlanStatus = 'PAID' | 'UNSCHEDULED' | 'HOLD';

export interface PlanState {
  created: number;
  planName: string;
  paidAt?: number | undefined;
  expiredAt: number;
  planStatus: PlanStatus;
  /** A subscription (renews) rather than a fixed-term pass. */
  isSubscription: boolean;
  customerUid?: string | undefined;
}

/** The plan a user bought last (by when it was created), if any. */
export function latestPlan<Plan extends PlanState>(plans: readonly Plan[]): Plan | undefined {
  return plans.reduce<Plan | undefined>(
    (latest, plan) => (!latest || plan.created > latest.created ? plan : latest),
    undefined,
  );
}

export const FREE_PLAN_NAME = 'FREE';

/** The latest plan's name while it has not expired, otherwise FREE. */
export function validPlanName(plans: readonly PlanState[], now: number): string {
  const latest = latestPlan(plans);
  return latest && latest.expiredAt > now ? latest.planName : FREE_PLAN_NAME;
}

const isDirectDeposit = (plan: PlanState) => plan.customerUid === DIRECT_DEPOSIT_CUSTOMER_UID;

/** Contact info can be updated while the latest plan is a paid subscription the provider renews. */
export function canUpdateContactInfo(latest: PlanState | undefined): boolean {
  return Boolean(latest?.paidAt && latest.planStatus === 'PAID' && !isDirectDeposit(latest));
}

/** The navigation buttons of the user detail, in the order they are shown. */
export const USER_DETAIL_ACTIONS = [
  'customPlan',
  'directDeposit',
  'directDepositSchedule',
  'unsubscribe',
  'resubscribe',
  'userContactInfo',
  'refund',
  'usages',
  'paymentProgress',
] as const;
export type UserDetailAction = (typeof USER_DETAIL_ACTIONS)[number];

export interface UserDetailActionInput {
  user: { uid: string; name: string; email: string };
  plans: readonly PlanState[];
  hasPayments: boolean;
  now: number;
}

/**
 * Which buttons apply. Two readings of ours where section 4 is terse:
 * - "no payments or plans" is read as either missing: a user with plans but no payment record (or the
 *   reverse) has nothing the provider could act on, so the operator may grant;
 * - resubscribe needs a subscription: a fixed-term pass is UNSCHEDULED too, but has no renewal to
 *   schedule again.
 */
export function userDetailActionsShown(input: UserDetailActionInput): Set<UserDetailAction> {
  const latest = latestPlan(input.plans);
  const expired = !latest || latest.expiredAt <= input.now;
  const shown = new Set<UserDetailAction>(['customPlan', 'usages', 'paymentProgress']);
  if (!input.hasPayments || !latest || expired || latest.planStatus === 'HOLD') {
    shown.add('directDeposit');
    shown.add('directDepositSchedule');
  }
  if (latest?.paidAt && !isDirectDeposit(latest)) {
    if (latest.planStatus === 'PAID') shown.add('unsubscribe');
    if (latest.planStatus === 'UNSCHEDULED' && latest.isSubscription) shown.add('resubscribe');
  }
  if (canUpdateContactInfo(latest)) shown.add('userContactInfo');
  if (latest?.paidAt && (latest.planStatus === 'PAID' || (latest.planStatus === 'UNSCHEDULED' && !expired))) {
    shown.add('refund');
  }
  return shown;
}

/** Where a button leads: console paths, some of them screens other parts of the console provide. */
export function userDetailActionPath(action: UserDetailAction, user: UserDetailActionInput['user']): string {
  const id = encodeURIComponent(user.uid);
  switch (action) {
    case 'customPlan':
      return '/admin/customPlan/create';
    case 'directDeposit':
      return `/admin/users/${id}/directDeposit/create`;
    case 'directDepositSchedule':
      return `/admin/schedule/create?${new URLSearchParams({
        uid: user.uid,
        userName: user.name,
        userEmail: user.email,
      })}`;
    default:
      return `/admin/users/${id}/${action}`;
  }
}

/** The buttons shown, each with where it leads. */
export function userDetailActions(
  input: UserDetailActionInput,
): { action: UserDetailAction; path: string }[] {
  const shown = userDetailActionsShown(input);
  return USER_DETAIL_ACTIONS.filter((action) => shown.has(action)).map((action) => ({
    action,
    path: userDetailActionPath(action, input.user),
  }));
}
