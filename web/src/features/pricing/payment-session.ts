import type {
  PlanPeriod,
  PlanPriceInfo,
  PlanType,
  PlanUsageInfo,
} from '../../../../shared/plans/plan-types.ts';

/** The payment session is kept in the tab by guid (section 3); the order pages read it. */
const sessionKey = (guid: string) => `cutloom.payment-session.${guid}`;

/** Plan upgrade data (section 3), as the upgrade flow stores it (previousPlanPerod is the spec's spelling). */
export interface PlanUpgradeData {
  previousPrice: number;
  previousPlanName: string;
  previousPlanType: PlanType;
  previousPlanPerod: PlanPeriod;
  previousCurrency: string;
  previousPayMethod: string;
}

export interface PaymentSession {
  planPriceInfo?: PlanPriceInfo;
  planUsageInfo?: PlanUsageInfo;
  planUpgradeData?: PlanUpgradeData;
  [field: string]: unknown;
}

export function readPaymentSession(guid: string): PaymentSession {
  try {
    const value = JSON.parse(sessionStorage.getItem(sessionKey(guid)) ?? '{}') as unknown;
    return typeof value === 'object' && value !== null ? (value as PaymentSession) : {};
  } catch {
    return {};
  }
}

/**
 * Stores the chosen plan's price and usage info in the payment session before the order page
 * opens. The order pages (a later issue) complete this step by asking the server to recompute the
 * session for the plan; the price shown there is always the server's, never this one.
 */
export function storeChosenPlan(
  guid: string,
  choice: { planPriceInfo: PlanPriceInfo; planUsageInfo: PlanUsageInfo | undefined },
): void {
  const session = { ...readPaymentSession(guid), ...choice };
  try {
    sessionStorage.setItem(sessionKey(guid), JSON.stringify(session));
  } catch {
    // Storage blocked: the order page fetches the session from the server by guid all the same.
  }
}
