import { useTranslation } from 'react-i18next';
import type { Currency } from '../../../../../shared/currency.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { annualSubPrice } from '../../../../../shared/payments/prices.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { price } from '../../checkout/index.ts';

/**
 * The price summary: the plan's price, the discount (coupon or partner) and what the order costs, all
 * as the server computed them; the monthly figure of an annual price; in test mode, the test amount
 * the checkout will charge. With the currency option, the customer may pick the currency.
 */
export function PriceSummary({
  sessionInfo,
  currencyChoice,
  busy,
  onCurrency,
}: {
  sessionInfo: SessionInfo;
  currencyChoice: boolean;
  busy: boolean;
  onCurrency: (currency: Currency) => void;
}) {
  const { t } = useTranslation('order');
  const { price: order, currency, planPriceInfo: plan, referral } = sessionInfo;
  const discounted = order.finalPrice !== order.listPrice;
  return (
    <section className="order-section order-price" aria-labelledby="order-price-title">
      <h2 id="order-price-title">{t('price.title')}</h2>
      {currencyChoice && sessionInfo.currencyOptions.length > 1 ? (
        <label className="order-currency">
          {t('price.currency')}
          <select
            value={currency}
            disabled={busy}
            onChange={(event) => onCurrency(event.target.value as Currency)}
          >
            {sessionInfo.currencyOptions.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <dl className="order-price-lines">
        <dt>{planLabel(t, plan)}</dt>
        <dd className={discounted && referral?.priceDisplay !== 'list' ? 'order-struck' : undefined}>
          {price(order.listPrice, currency)}
        </dd>
        {discounted ? (
          <>
            <dt>
              {order.discountSource === 'coupon'
                ? t('price.coupon_discount', { rate: order.discountRate })
                : order.discountSource === 'preregistration'
                  ? t('price.preregistration_discount', { rate: order.discountRate })
                  : t('price.partner_discount', { partner: referral?.label ?? '', rate: order.discountRate })}
            </dt>
            <dd>−{price(Number((order.listPrice - order.finalPrice).toFixed(2)), currency)}</dd>
          </>
        ) : null}
        <dt className="order-total">{t('price.total')}</dt>
        <dd className="order-total" data-testid="order-total">
          {price(order.finalPrice, currency)}
        </dd>
      </dl>
      {plan.period === 'ANNUAL' ? (
        <p className="order-helper">
          {t('price.per_month', { price: price(annualSubPrice(order.finalPrice, currency), currency) })}
        </p>
      ) : null}
      {plan.isSubscription ? (
        <p className="order-helper">
          {t('price.renews', { period: t(`common:plan_period.${plan.period}`) })}
        </p>
      ) : null}
      {sessionInfo.isTest ? (
        <p className="order-test" role="note">
          {t('price.test_mode', { price: price(order.chargedPrice, currency) })}
        </p>
      ) : null}
    </section>
  );
}
