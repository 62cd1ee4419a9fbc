import { useTranslation } from 'react-i18next';
import { type RefundDecisionView, refundWayKind } from '../../../lib/refund-ways.ts';

/** Where the customer writes about a refund the site cannot make (the refund policy names it too). */
export const SUPPORT_ADDRESS = 'support@cutloom.app';

/**
 * How the refund's money goes back, in the customer's words: the way the payment was made (the card,
 * the phone bill, KakaoPay…), the bank account they give (a virtual account), or a bank transfer and
 * why; or that no way can take it here, and whom to write to.
 */
export function RefundWayNote({
  decision,
  payment,
}: {
  decision: RefundDecisionView;
  payment: { payMethod: string; pg: string };
}) {
  const { t } = useTranslation('refund');
  const way = decision.ways[0];
  return (
    <section className="order-section" aria-labelledby="refund-way-title">
      <h2 id="refund-way-title">{t('way.title')}</h2>
      {decision.refusal ? (
        <div className="order-warning" data-testid="refund-way">
          <p>{t(`way.refusal.${decision.refusal}`)}</p>
          <p>{t('way.refusal_next', { address: SUPPORT_ADDRESS })}</p>
        </div>
      ) : way ? (
        <>
          <p data-testid="refund-way">{t(`way.${refundWayKind(way, payment)}`)}</p>
          {decision.ownWayClosed ? (
            <p className="order-helper" data-testid="refund-way-closed">
              {t(`way.closed.${decision.ownWayClosed}`)}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
