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

/** Keeps a session in the tab (the payment-start sign-in does, before it opens the upgrade pricing). */
export function writePaymentSession(guid: string, session: PaymentSession): void {
  try {
    sessionStorage.setItem(sessionKey(guid), JSON.stringify(session));
  } catch {
    // Storage blocked: the upgrade pricing then shows every plan, and the server still refuses the others.
  }
}
