import type { PlanPeriod, PlanType } from '../plans/plan-types.ts';
import { erasersOffered } from '../usage-eraser/eraser-options.ts';

/**
 * What can be done with an account's latest plan (admin-console.md section 4, the user detail's
 * buttons; site-and-payments.md, the customer's after-purchase pages), as one rule for the console,
 * the site and the server:
 * - unsubscribe: a PAID plan with a payment, not a direct deposit;
 * - resubscribe: an UNSCHEDULED subscription with a payment, not a direct deposit, not yet expired;
 * - update contact: a PAID plan with a payment, not a direct deposit;
 * - refund: a plan with a payment that is PAID, or UNSCHEDULED and not yet expired;
 * - direct deposit (and its schedule): no plan, or the latest expired, or on HOLD;
 * - upgrade: a subscription, not expired, PAID or UNSCHEDULED (a held one must renew first);
 * - change card: a subscription renewing on a card (billing key), not a direct deposit, PAID or
 *   UNSCHEDULED and not expired, or on HOLD (a new card is how a held plan comes back);
 * - eraser: a live STANDARD or BUSINESS plan (CUSTOM counts as BUSINESS).
 */
export const DIRECT_DEPOSIT_CUSTOMER_UID = 'direct-deposit';

export interface PlanState {
  planType: PlanType;
  period: PlanPeriod;
  isSubscription: boolean;
  planStatus: 'PAID' | 'UNSCHEDULED' | 'HOLD';
  paidAt?: number | undefined;
  expiredAt: number;
  customerUid?: string | undefined;
  recurrentId?: string | undefined;
}

export interface PlanActions {
  unsubscribe: boolean;
  resubscribe: boolean;
  updateContact: boolean;
  refund: boolean;
  directDeposit: boolean;
  upgrade: boolean;
  changeCard: boolean;
  eraser: boolean;
}

export function planActions(latest: PlanState | undefined, nowMs: number): PlanActions {
  if (!latest) {
    return {
      unsubscribe: false,
      resubscribe: false,
      updateContact: false,
      refund: false,
      directDeposit: true,
      upgrade: false,
      changeCard: false,
      eraser: false,
    };
  }
  const paid = latest.paidAt !== undefined;
  const live = latest.expiredAt > nowMs;
  const directDeposit = latest.customerUid === DIRECT_DEPOSIT_CUSTOMER_UID;
  const { planStatus } = latest;
  const onCard = Boolean(latest.customerUid) && !directDeposit;
  return {
    unsubscribe: planStatus === 'PAID' && paid && !directDeposit,
    resubscribe: planStatus === 'UNSCHEDULED' && latest.isSubscription && paid && !directDeposit && live,
    updateContact: planStatus === 'PAID' && paid && !directDeposit,
    refund: paid && (planStatus === 'PAID' || (planStatus === 'UNSCHEDULED' && live)),
    directDeposit: !live || planStatus === 'HOLD',
    upgrade: latest.isSubscription && live && planStatus !== 'HOLD',
    changeCard: latest.isSubscription && onCard && (planStatus === 'HOLD' || live),
    eraser: live && planStatus !== 'HOLD' && erasersOffered(latest.planType),
  };
}
