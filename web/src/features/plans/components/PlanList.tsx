import { useTranslation } from 'react-i18next';
import { currencyForLanguage, formatPrice, priceIn } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { usePaymentPlanInfo } from '../api/get-payment-plan-info.ts';

/** The plans on offer with their price in the language's currency. */
export function PlanList({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation();
  const { data, isPending } = usePaymentPlanInfo({});
  const currency = currencyForLanguage(lang);

  return (
    <section aria-labelledby="plans-title" className="plans">
      <h2 id="plans-title">{t('home.plans_title')}</h2>
      {isPending && <p className="plans-status">{t('home.plans_loading')}</p>}
      {data?.failed && (
        <p className="plans-status" role="alert">
          {t('home.plans_failed')}
        </p>
      )}
      {data && !data.failed && (
        <ul className="plan-grid">
          {data.planPriceInfos.map((plan) => (
            <li key={plan.name} className="plan-card" data-plan={plan.name}>
              <span className="plan-type">{t(`plan_type.${plan.planType}`)}</span>
              <span className="plan-period">{t(`plan_period.${plan.period}`)}</span>
              <strong className="plan-price">{formatPrice(priceIn(plan, currency), currency)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
