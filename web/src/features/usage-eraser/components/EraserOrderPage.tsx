import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type { EraserSessionInfo, UsageLineSchema } from '../../../../../shared/api/usage-eraser.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { PayField } from '../../../../../shared/orders/pay-checks.ts';
import {
  type PayMethod,
  providerChannel,
  serverPayMethod,
} from '../../../../../shared/payments/pay-methods.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { eraserPayProblems } from '../../../../../shared/usage-eraser/eraser-checks.ts';
import { defaultEraserType } from '../../../../../shared/usage-eraser/eraser-options.ts';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import {
  AGREEMENT_KEYS,
  AgreementChecklist,
  Checklist,
  ContactSection,
  ErrorSummary,
  type FieldProblem,
  failureOf,
  firstUnticked,
  PayMethodCards,
  payMethodInputId,
  price,
  resultPagePath,
  saveOutcome,
  saveProgress,
} from '../../checkout/index.ts';
import { checkoutSettingsQuery, requestPay } from '../../payment-provider/index.ts';
import { fetchEraserProgress, useEraserSession } from '../api.ts';
import '../../checkout/checkout.css';
import '../eraser.css';

/** The eraser form's fields that can be wrong, in the order the page shows them. */
const FIELD_ORDER: readonly PayField[] = [
  'name',
  'email',
  'phone',
  'pay-method',
  'agreement',
  'final-confirmation',
];
const CONTACT_ID = 'eraser-contact';
const AGREEMENT_ID = 'eraser-agreement';
const FINAL_ID = 'eraser-final-confirmation';
const FINAL_KEYS = ['product', 'this_month', 'no_refund'] as const;
const RESULT_PAGES = 'payment/eraser/result';

/**
 * /payment/eraser/order (section 2): the usage panel (this month's use against the plan's limit, the
 * chosen type highlighted), the product with its eraser dropdown (the URL's usage type, else the most
 * used feature), account, contact, price, methods, agreements, refund info, three final confirmations and
 * the pay button. A session that cannot be loaded goes to the eraser fail page with its error (section 8).
 */
export function EraserOrderPage(props: {
  lang: SiteLanguage;
  guid: string | undefined;
  usageType: string | undefined;
  query: PaymentQuery;
  isTest: boolean;
}) {
  const { t } = useTranslation('eraser');
  const navigate = useNavigate();
  const session = useEraserSession(props.guid ?? '', props.isTest);
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t('title')}`;
  }, [t]);
  useEffect(() => {
    if (!props.guid || !session.error) return;
    saveOutcome(props.guid, { kind: 'error', ...failureOf(session.error) });
    void navigate({ href: resultPagePath(props.lang, 'fail', props.guid, props.query, RESULT_PAGES) });
  }, [session.error, props.guid, props.lang, props.query, navigate]);
  if (!props.guid) {
    return (
      <main id="main" className="order-page">
        <h1>{t('title')}</h1>
        <p role="alert">{t('missing')}</p>
      </main>
    );
  }
  if (!session.data) {
    return (
      <main id="main" className="order-page">
        <div className="spinner" role="status" aria-label={t('loading')} />
      </main>
    );
  }
  return <EraserForm {...props} sessionInfo={session.data} />;
}

function usageAmount(t: TFunction, line: z.infer<typeof UsageLineSchema>) {
  // STT is counted in seconds and shown in whole minutes (section 9).
  const scale = line.unit === 'seconds' ? 60 : 1;
  return t(`usage.amount_${line.unit}`, {
    used: Math.floor(line.used / scale).toLocaleString(),
    limit: Math.floor(line.limit / scale).toLocaleString(),
  });
}

function EraserForm({
  lang,
  usageType,
  query,
  sessionInfo,
}: {
  lang: SiteLanguage;
  usageType: string | undefined;
  query: PaymentQuery;
  sessionInfo: EraserSessionInfo;
}) {
  const { t } = useTranslation(['eraser', 'order']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { guid, currency, isTest } = sessionInfo;
  const [chosen, setChosen] = useState(() => defaultEraserType(usageType, sessionInfo.usage));
  const option =
    sessionInfo.options.find((candidate) => candidate.usageType === chosen) ?? sessionInfo.options[0];
  const [userName, setUserName] = useState(sessionInfo.accountInfo.userName);
  const [userEmail, setUserEmail] = useState(sessionInfo.accountInfo.email);
  const [userPhone, setUserPhone] = useState('');
  const [payMethod, setPayMethod] = useState<PayMethod>();
  const [agreements, setAgreements] = useState<[boolean, boolean]>([false, false]);
  const [confirms, setConfirms] = useState([false, false, false]);
  const toggle = (values: boolean[], index: number, checked: boolean) =>
    values.map((value, at) => (at === index ? checked : value));
  const [paying, setPaying] = useState(false);
  // Once pay was pressed, every problem shows at its field and in the summary, as on the order page.
  const [tried, setTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);

  const finalItems = FINAL_KEYS.map((key, index) => ({
    key,
    label: t(`final.${key}`),
    checked: Boolean(confirms[index]),
    onChange: (checked: boolean) => setConfirms(toggle(confirms, index, checked)),
  }));
  // The eraser's checks are the order's but the account type and the coupon, which it does not ask.
  const targets: Partial<Record<PayField, string>> = {
    'final-confirmation': firstUnticked(FINAL_ID, finalItems) ?? FINAL_ID,
    agreement:
      firstUnticked(
        AGREEMENT_ID,
        AGREEMENT_KEYS.map((key, index) => ({ key, checked: agreements[index] ?? false })),
      ) ?? AGREEMENT_ID,
    'pay-method': sessionInfo.payMethods[0]
      ? payMethodInputId(sessionInfo.payMethods[0])
      : 'order-pay-method',
    name: `${CONTACT_ID}-name`,
    email: `${CONTACT_ID}-email`,
    phone: `${CONTACT_ID}-phone`,
  };
  const problems: FieldProblem[] = eraserPayProblems({
    finalConfirms: confirms,
    agreements,
    payMethod,
    userName,
    userEmail,
    userPhone,
  })
    .sort((a, b) => FIELD_ORDER.indexOf(a.field) - FIELD_ORDER.indexOf(b.field))
    .map(({ field, alert }) => ({
      key: field,
      targetId: targets[field] ?? CONTACT_ID,
      message: t(`order:pay_checks.${alert}`),
    }));
  const shown = tried ? problems : [];
  const problemAt = (field: PayField) => shown.find((problem) => problem.key === field)?.message;

  async function pay() {
    if (!option || paying) return;
    setTried(true);
    if (problems.length) {
      setFocusRequest((request) => request + 1);
      return;
    }
    const method = payMethod as PayMethod;
    const channel = providerChannel(method as Exclude<PayMethod, 'naver_pay'>, currency);
    setPaying(true);
    try {
      const contact = { userName: userName.trim(), userEmail: userEmail.trim(), userPhone };
      const order = await fetchEraserProgress({
        guid,
        price: option.price,
        planName: option.planName,
        payMethod: serverPayMethod(method),
        pg: channel.pg,
        currency,
        isTest,
        ...contact,
      });
      saveProgress(guid, {
        merchantUid: order.merchantUid,
        price: option.price,
        finalPrice: option.price,
        amount: order.amount,
        planName: option.planName,
        planPeriod: sessionInfo.period,
        planType: sessionInfo.planType,
        selectedMethod: method,
        currency,
        isTest,
        isUpgrade: false,
        isSubscription: false,
      });
      const settings = await queryClient.ensureQueryData(checkoutSettingsQuery());
      await requestPay(settings, {
        pg: channel.pg,
        pay_method: channel.payMethod,
        merchant_uid: order.merchantUid,
        name: `${PRODUCT_NAME} ${t(option.description)}`,
        amount: order.amount,
        currency,
        buyer_name: contact.userName,
        buyer_email: contact.userEmail,
        buyer_tel: contact.userPhone,
        m_redirect_url: `${window.location.origin}${resultPagePath(lang, 'pending', guid, query, RESULT_PAGES)}`,
        language: lang === 'ko' ? 'ko' : lang === 'zh-TW' ? 'zh' : 'en',
      });
    } catch (error) {
      saveOutcome(guid, { kind: 'error', ...failureOf(error) });
      await navigate({ href: resultPagePath(lang, 'fail', guid, query, RESULT_PAGES) });
    } finally {
      setPaying(false);
    }
  }

  return (
    <main id="main" className="order-page" aria-busy={paying}>
      <h1>{t('title')}</h1>
      {isTest ? <p className="order-test">{t('order:test_mode_banner')}</p> : null}
      <ErrorSummary
        id="eraser-problems"
        title={t('order:pay_checks.summary_title')}
        problems={shown}
        focusRequest={focusRequest}
      />
      <section className="order-section" aria-labelledby="eraser-usage-title">
        <h2 id="eraser-usage-title">{t('usage.title')}</h2>
        <ul className="eraser-usage">
          {sessionInfo.usage.map((line) => (
            <li
              key={line.usageType}
              data-usage={line.usageType}
              aria-current={line.usageType === option?.usageType ? 'true' : undefined}
              className={line.usageType === option?.usageType ? 'eraser-usage-chosen' : undefined}
            >
              <span>{t(`usage.${line.usageType}`)}</span> <strong>{usageAmount(t, line)}</strong>
            </li>
          ))}
        </ul>
      </section>

      <section className="order-section" aria-labelledby="eraser-product-title">
        <h2 id="eraser-product-title">{t('product.title')}</h2>
        <ul>
          <li>{t('product.resets')}</li>
          <li>{t('product.this_month')}</li>
          <li>{t('product.once')}</li>
        </ul>
        <label className="order-currency">
          {t('product.option')}
          <select
            value={option?.usageType}
            disabled={paying}
            onChange={(event) => setChosen(event.target.value as typeof chosen)}
          >
            {sessionInfo.options.map((offer) => (
              <option key={offer.planName} value={offer.usageType}>
                {t(offer.description)} · {price(offer.price, currency)}
              </option>
            ))}
          </select>
        </label>
      </section>

      <section className="order-section" aria-labelledby="eraser-account-title">
        <h2 id="eraser-account-title">{t('order:account.title')}</h2>
        <dl className="order-account">
          <dt>{t('order:account.name')}</dt>
          <dd>{sessionInfo.accountInfo.userName}</dd>
          <dt>{t('order:account.email')}</dt>
          <dd>{sessionInfo.accountInfo.email}</dd>
        </dl>
      </section>

      <ContactSection
        id={CONTACT_ID}
        lang={lang}
        userName={userName}
        userEmail={userEmail}
        onName={setUserName}
        onEmail={setUserEmail}
        onPhone={setUserPhone}
        errors={{ name: problemAt('name'), email: problemAt('email'), phone: problemAt('phone') }}
      />

      {option ? (
        <section className="order-section order-price" aria-labelledby="eraser-price-title">
          <h2 id="eraser-price-title">{t('order:price.title')}</h2>
          <dl className="order-price-lines">
            <dt>{t('price.product')}</dt>
            <dd>{price(option.price, currency)}</dd>
            <dt className="order-total">{t('price.final')}</dt>
            <dd className="order-total" data-testid="order-total">
              {price(option.price, currency)}
            </dd>
          </dl>
          {isTest ? (
            <p className="order-test" role="note">
              {t('order:price.test_mode', { price: price(option.chargedPrice, currency) })}
            </p>
          ) : null}
        </section>
      ) : null}

      <PayMethodCards
        methods={sessionInfo.payMethods}
        language={lang}
        isSubscription={false}
        value={payMethod}
        disabled={paying}
        onChange={setPayMethod}
        error={problemAt('pay-method')}
      />

      <AgreementChecklist
        id={AGREEMENT_ID}
        agreements={agreements}
        onChange={setAgreements}
        error={problemAt('agreement')}
      />

      <section className="order-section" aria-labelledby="eraser-refund-title">
        <h2 id="eraser-refund-title">{t('order:refund.title')}</h2>
        <ul className="order-refund">
          <li>{t('refund.no_refund_once_used')}</li>
          <li>{t('refund.unused')}</li>
        </ul>
      </section>

      <Checklist
        id={FINAL_ID}
        title={t('order:final.title')}
        items={finalItems}
        error={problemAt('final-confirmation')}
      />

      {option ? (
        <button type="button" className="button order-pay" disabled={paying} onClick={() => void pay()}>
          {t('order:pay', { price: price(option.price, currency) })}
        </button>
      ) : null}
    </main>
  );
}
