import type { VbankIssuedInfo } from '../../../../shared/api/orders.ts';
import type { Currency } from '../../../../shared/currency.ts';
import type { SessionInfo } from '../../../../shared/orders/session-info.ts';
import type { PayMethod } from '../../../../shared/payments/pay-methods.ts';
import type { PlanPeriod, PlanType } from '../../../../shared/plans/plan-types.ts';
import type { PaymentFailureInfo } from '../../lib/payment-failure.ts';

/**
 * What the order page leaves for the result pages, in the tab's session storage by guid (the checkout
 * leaves and comes back in the same tab): the payment progress info (section 3) and, once known, the
 * outcome (success, an issued virtual account, or the payment error).
 */
export interface PaymentProgressInfo {
  merchantUid: string;
  customerUid?: string | undefined;
  /** The price agreed (after discount); `amount` is what the checkout asked for. */
  price: number;
  finalPrice: number;
  amount: number;
  planName: string;
  planPeriod: PlanPeriod;
  planType: PlanType;
  selectedMethod: PayMethod;
  currency: Currency;
  isTest: boolean;
  isUpgrade: boolean;
  couponCode?: string | undefined;
  isSubscription: boolean;
}

export type PaymentOutcome =
  | { kind: 'success'; planName: string; amount: number; currency: Currency }
  | { kind: 'vbank_issued'; planName: string; vbank: VbankIssuedInfo }
  | ({ kind: 'error' } & PaymentFailureInfo);

const progressKey = (guid: string) => `cutloom.payment-progress.${guid}`;
const outcomeKey = (guid: string) => `cutloom.payment-outcome.${guid}`;

/** A value kept in the tab's session storage (also the change-card pages'), undefined when unreadable. */
export function read<T>(key: string): T | undefined {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
}

export function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage blocked: the result page asks the server by guid and merchantUid all the same.
  }
}

export const saveProgress = (guid: string, info: PaymentProgressInfo) => write(progressKey(guid), info);
export const readProgress = (guid: string) => read<PaymentProgressInfo>(progressKey(guid));
export const saveOutcome = (guid: string, outcome: PaymentOutcome) => write(outcomeKey(guid), outcome);
export const readOutcome = (guid: string) => read<PaymentOutcome>(outcomeKey(guid));

/** The progress info of an order just created for a session (the pay button's and the upgrade's). */
export function progressFor(
  session: SessionInfo,
  order: { merchantUid: string; customerUid?: string | undefined; amount: number },
  method: PayMethod,
  isUpgrade: boolean,
): PaymentProgressInfo {
  const plan = session.planPriceInfo;
  return {
    merchantUid: order.merchantUid,
    customerUid: order.customerUid,
    price: session.price.finalPrice,
    finalPrice: session.price.finalPrice,
    amount: order.amount,
    planName: plan.name,
    planPeriod: plan.period,
    planType: plan.planType,
    selectedMethod: method,
    currency: session.currency,
    isTest: session.isTest,
    isUpgrade,
    couponCode: session.couponInfo?.coupon.couponCode,
    isSubscription: plan.isSubscription,
  };
}
