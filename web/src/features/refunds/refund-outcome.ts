import type { Currency } from '../../../../shared/currency.ts';
import type { RefundWayKind } from '../../lib/refund-ways.ts';
import { read, write } from '../checkout/index.ts';

/**
 * What the refund page leaves the success page, in the tab's session storage by the session's guid:
 * the amount and where it went. An account is kept only as it may be shown (bank, last digits), never
 * its whole number; without it (another tab) the success page says the refund was made.
 */
export interface RefundOutcome {
  amount: number;
  currency: Currency;
  way: RefundWayKind;
  to?: { bankCode: string; accountMasked: string } | undefined;
}

const outcomeKey = (guid: string) => `cutloom.refund-outcome.${guid}`;

export const saveRefundOutcome = (guid: string, outcome: RefundOutcome) => write(outcomeKey(guid), outcome);
export const readRefundOutcome = (guid: string) => read<RefundOutcome>(outcomeKey(guid));
