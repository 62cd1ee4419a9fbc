import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import {
  isPayMethod,
  PAY_METHOD_NAMESPACE,
  payMethodLabel,
} from '../../../../../shared/payments/pay-methods.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { pricingPath } from '../../../lib/payment-start.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import {
  Checklist,
  clientCodeOf,
  clientErrorText,
  ErrorSummary,
  firstUnticked,
  PlanSelectionForm,
  price,
  useChangeSessionPlan,
  usePaymentSession,
  useSessionFollowsLanguage,
} from '../../checkout/index.ts';
import { useUpgradePay } from '../hooks/use-upgrade-pay.ts';
import '../../checkout/checkout.css';

const FINAL_ID = 'upgrade-final-confirmation';

/**
 * The upgrade order page (/payment/upgrade/order/subscription): the upgrade session by guid, switched
 * once to the plan chosen on the upgrade pricing page; the plan upgraded and the new one; the price as
 * the server computed it (the new plan less the credit for the unused part of the current one); the
 * method the current plan is paid by (an upgrade is charged there, so there is nothing to choose); and,
 * as section 5 says, only the final confirmations: the contact is the payer of the current plan.
 */
interface UpgradeOrderProps {
  lang: SiteLanguage;
  guid: string | undefined;
  planName: string | undefined;
  query: PaymentQuery;
  isTest: boolean;
}

export function UpgradeOrderPage(props: UpgradeOrderProps) {
  const { t } = useTranslation('upgrade');
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t('title')}`;
    if (!props.guid) console.warn('The upgrade order page was opened without a payment session guid');
  }, [props.guid, t]);
  if (!props.guid)
    return <UpgradeProblem lang={props.lang} title={t('title')} message={t('session_missing')} />;
  return <UpgradeWithSession {...props} guid={props.guid} />;
}

/** No upgrade to show: the reason, and the way back to the upgrade pricing (of the session, when it is live). */
function UpgradeProblem({
  lang,
  title,
  message,
  guid,
  query,
}: {
  lang: SiteLanguage;
  title: string;
  message: string;
  guid?: string;
  query?: PaymentQuery;
}) {
  const { t } = useTranslation('upgrade');
  return (
    <main id="main" className="order-page">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <a className="button" href={pricingPath(lang, { guid, upgrading: true, query })}>
        {t('to_upgrade_pricing')}
      </a>
    </main>
  );
}

const offers = (sessionInfo: SessionInfo, planName: string) =>
  sessionInfo.planPriceInfos.some((plan) => plan.name === planName);

function UpgradeWithSession({ lang, guid, planName, query, isTest }: UpgradeOrderProps & { guid: string }) {
  const { t } = useTranslation(['upgrade', 'order']);
  const session = usePaymentSession(guid, isTest);
  const changePlan = useChangeSessionPlan(guid, isTest);
  const followingLanguage = useSessionFollowsLanguage(lang, session.data);
  const switched = useRef(false);
  const sessionInfo = session.data;

  useEffect(() => {
    if (!sessionInfo || switched.current || followingLanguage) return;
    switched.current = true;
    if (planName && offers(sessionInfo, planName) && planName !== sessionInfo.planPriceInfo.name)
      changePlan.mutate({ planName });
  }, [sessionInfo, planName, changePlan, followingLanguage]);

  if (session.isPending || followingLanguage) {
    return (
      <main id="main" className="order-page">
        <div className="spinner" role="status" aria-label={t('order:session.loading')} />
      </main>
    );
  }
  // The page names the plan pressed: an upgrade session cannot go to it, so no other plan is shown instead.
  if (sessionInfo?.planUpgradeData && planName && !offers(sessionInfo, planName)) {
    return (
      <UpgradeProblem
        lang={lang}
        title={t('order:session.failed_title')}
        message={clientErrorText(t, 'L31')}
        guid={guid}
        query={query}
      />
    );
  }
  if (!sessionInfo?.planUpgradeData) {
    const code = clientCodeOf(session.error);
    const expired = code === 'L03';
    return (
      <UpgradeProblem
        lang={lang}
        title={expired ? t('order:session.expired_title') : t('order:session.failed_title')}
        message={clientErrorText(t, sessionInfo ? 'L31' : expired ? 'L03' : code)}
      />
    );
  }
  return (
    <UpgradeForm
      lang={lang}
      sessionInfo={sessionInfo}
      query={query}
      choosing={changePlan.isPending}
      onChoose={(name) => changePlan.mutateAsync({ planName: name })}
    />
  );
}

function UpgradeForm({
  lang,
  sessionInfo,
  query,
  choosing,
  onChoose,
}: {
  lang: SiteLanguage;
  sessionInfo: SessionInfo;
  query: PaymentQuery;
  choosing: boolean;
  onChoose: (planName: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(['upgrade', 'order']);
  const { t: methodLabel } = useTranslation(PAY_METHOD_NAMESPACE);
  const upgrade = sessionInfo.planUpgradeData as NonNullable<SessionInfo['planUpgradeData']>;
  const { planPriceInfo: plan, currency, price: order } = sessionInfo;
  const [confirms, setConfirms] = useState<[boolean, boolean]>([false, false]);
  // Once pay was pressed, a missing confirmation shows at its boxes and in the summary, as on the order page.
  const [tried, setTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const { pay, paying } = useUpgradePay({ lang, query });
  const busy = paying || choosing;
  const previous = { planType: upgrade.previousPlanType, period: upgrade.previousPlanPerod };
  const method = isPayMethod(upgrade.previousPayMethod) ? upgrade.previousPayMethod : 'card';

  const finalItems = [
    {
      key: 'plan',
      label: t('order:final.plan'),
      checked: confirms[0],
      onChange: (checked: boolean) => setConfirms([checked, confirms[1]]),
    },
    {
      key: 'renewal',
      label: t('order:final.renewal'),
      checked: confirms[1],
      onChange: (checked: boolean) => setConfirms([confirms[0], checked]),
    },
  ];
  const unticked = firstUnticked(FINAL_ID, finalItems);
  const problems = unticked
    ? [{ key: 'final-confirmation', targetId: unticked, message: t('order:pay_checks.check_final_confirm') }]
    : [];
  const shown = tried ? problems : [];

  function onPay() {
    if (busy) return;
    setTried(true);
    if (problems.length) {
      setFocusRequest((request) => request + 1);
      return;
    }
    void pay(sessionInfo);
  }

  return (
    <main id="main" className="order-page" aria-busy={busy}>
      <h1>{t('title')}</h1>
      {sessionInfo.isTest ? <p className="order-test">{t('order:test_mode_banner')}</p> : null}
      <ErrorSummary
        id="upgrade-problems"
        title={t('order:pay_checks.summary_title')}
        problems={shown}
        focusRequest={focusRequest}
      />
      <section className="order-section order-notice" aria-labelledby="upgrade-notice-title">
        <h2 id="upgrade-notice-title">{t('notice.title')}</h2>
        <ul>
          <li>{t('notice.starts_now')}</li>
          <li>{t('notice.credit')}</li>
          <li>{t('notice.renews')}</li>
        </ul>
      </section>
      <section className="order-section" aria-labelledby="upgrade-current-title">
        <h2 id="upgrade-current-title">{t('current.title')}</h2>
        <dl className="order-account">
          <dt>{t('current.plan')}</dt>
          <dd data-testid="upgrade-current-plan">{planLabel(t, previous)}</dd>
          <dt>{t('current.price')}</dt>
          <dd>{price(upgrade.previousPrice, upgrade.previousCurrency)}</dd>
        </dl>
      </section>
      <PlanSelectionForm sessionInfo={sessionInfo} busy={busy} onChoose={onChoose} />

      <section className="order-section order-price" aria-labelledby="upgrade-price-title">
        <h2 id="upgrade-price-title">{t('order:price.title')}</h2>
        <dl className="order-price-lines">
          <dt>{planLabel(t, plan)}</dt>
          <dd>{price(order.listPrice, currency)}</dd>
          <dt>{t('price.credit')}</dt>
          <dd data-testid="upgrade-credit">−{price(order.credit, currency)}</dd>
          <dt className="order-total">{t('price.total')}</dt>
          <dd className="order-total" data-testid="order-total">
            {price(order.finalPrice, currency)}
          </dd>
        </dl>
        <p className="order-helper">
          {t('price.renews', {
            price: price(order.listPrice, currency),
            period: t(`common:plan_period.${plan.period}`),
          })}
        </p>
        {sessionInfo.isTest ? (
          <p className="order-test" role="note">
            {t('order:price.test_mode', { price: price(order.chargedPrice, currency) })}
          </p>
        ) : null}
      </section>

      <section className="order-section" aria-labelledby="upgrade-method-title">
        <h2 id="upgrade-method-title">{t('order:pay_method.title')}</h2>
        <p>
          {t('pay_method', {
            method: methodLabel(payMethodLabel(method, { language: lang, isSubscription: true }).labelKey),
          })}
        </p>
      </section>

      <section className="order-section" aria-labelledby="upgrade-refund-title">
        <h2 id="upgrade-refund-title">{t('order:refund.title')}</h2>
        <ul className="order-refund">
          <li>{t('order:refund.subscription')}</li>
          <li>{t('order:refund.usage')}</li>
          <li>
            {t('order:refund.policy')} <a href={`/${lang}/refund-policy`}>{t('order:refund.policy_link')}</a>
          </li>
        </ul>
      </section>

      <Checklist id={FINAL_ID} title={t('order:final.title')} items={finalItems} error={shown[0]?.message} />

      {order.payable ? (
        <button type="button" className="button order-pay" disabled={busy} aria-busy={paying} onClick={onPay}>
          {t('pay', { price: price(order.finalPrice, currency) })}
        </button>
      ) : null}
      {paying ? (
        <div className="order-overlay" role="status" aria-live="polite">
          <div className="spinner" />
          <p>{t('order:overlay')}</p>
        </div>
      ) : null}
    </main>
  );
}
