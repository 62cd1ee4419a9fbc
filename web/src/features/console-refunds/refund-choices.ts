import { WALLET_PG } from '../../../../shared/payments/pay-methods.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../../shared/refunds/refund-session.ts';
import type { OwnWayClosed, RefundWay } from '../../../../shared/refunds/refund-ways.ts';
import type { RefundDecisionView } from '../../lib/refund-ways.ts';

/**
 * The refund screen's source toggle (admin-console.md section 2): through the payment provider (or
 * naver_pay, a wallet payment's), then to the product account, each as the decision of the amount allows
 * it (shared/refunds/refund-ways.ts). The decision's first way is the recommended one, preselected; the
 * provider's way it does not allow stays in the list, disabled, with the reason it is closed.
 */
export interface WayChoice {
  way: RefundWay;
  recommended: boolean;
  /** Why the provider cannot take it: the choice is disabled. */
  closed?: OwnWayClosed | undefined;
}

export function wayChoices(payment: { pg: string }, decision: RefundDecisionView): WayChoice[] {
  const [recommended] = decision.ways;
  const choice = (way: RefundWay): WayChoice => ({ way, recommended: way === recommended });
  const own = decision.ways.find((way) => way.source !== PRODUCT_REFUND_SOURCE);
  const productAccount = decision.ways.find((way) => way.source === PRODUCT_REFUND_SOURCE);
  const provider: WayChoice | undefined = own
    ? choice(own)
    : decision.ownWayClosed
      ? {
          way: { source: payment.pg === WALLET_PG ? 'naver_pay' : 'portone', account: 'none' },
          recommended: false,
          closed: decision.ownWayClosed,
        }
      : undefined;
  return [provider, productAccount && choice(productAccount)].filter(
    (shown): shown is WayChoice => shown !== undefined,
  );
}
