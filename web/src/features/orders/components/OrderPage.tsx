import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderPage as OrderPageData } from '../../../../../shared/api/orders.ts';
import { cashReceiptAsked } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import { COUPON_BLINK_MS } from '../../../../../shared/payments/constants.ts';
import { type PayMethod, payMethodsFor } from '../../../../../shared/payments/pay-methods.ts';
import type { AccountType } from '../../../../../shared/plans/plans-offered.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { ConfirmDialog, MessageDialog } from '../../../components/Modal.tsx';
import type { ApiError } from '../../../lib/api-client.ts';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { orderPagePath, pricingPath } from '../../../lib/payment-start.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import {
  CashReceiptSection,
  cashReceiptChoiceOf,
  EMPTY_CASH_RECEIPT_FORM,
} from '../../cash-receipts/index.ts';
import {
  AgreementChecklist,
  Checklist,
  ContactSection,
  clientCodeOf,
  clientErrorText,
  ErrorSummary,
  PayMethodCards,
  PlanSelectionForm,
  price,
  useChangeSessionPlan,
  usePaymentSession,
  useSessionFollowsLanguage,
} from '../../checkout/index.ts';
import { PaymentDocumentNote, TaxInvoiceSection } from '../../tax-invoices/index.ts';
import { useChangeSessionAccountType } from '../api/change-payment-session-account-type.ts';
import { useChangeSessionCurrency } from '../api/change-payment-session-currency.ts';
import { useOrderPage } from '../api/get-order-page.ts';
import { usePay } from '../hooks/use-pay.ts';
import { accountTypeInputId, ORDER_IDS, type OrderField, orderProblems } from '../order-problems.ts';
import { CouponBox } from './CouponBox.tsx';
import { OrderLoading } from './OrderLoading.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import '../../checkout/checkout.css';
import '../orders.css';
import { flushAnalyticsByBeacon, funnel } from '../../../lib/analytics/index.ts';

export type OrderKind = 'subscription' | 'fixedterm';

const {
  contact: CONTACT_ID,
  agreement: AGREEMENT_ID,
  final: FINAL_ID,
  cashReceipt: CASH_RECEIPT_ID,
  taxInvoice: TAX_INVOICE_ID,
} = ORDER_IDS;

/**
 * The order page (subscription or fixed-term): what its route's loader read (the session by guid, the
 * currency option, the account's tax-invoice details, the checkout settings: loadOrderPage), then every
 * section in the specified order, and the pay button. A session whose plan is of the other kind moves to
 * the other order page; a lapsed session shows the expired title; without a guid there is nothing to pay.
 */
interface OrderPageProps {
  lang: SiteLanguage;
  kind: OrderKind;
  guid: string | undefined;
  query: PaymentQuery;
  isTest: boolean;
}

export function OrderPage({ lang, kind, guid, query, isTest }: OrderPageProps) {
  const { t } = useTranslation('order');
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${t(`title.${kind}`)}`;
    if (!guid) console.warn('The order page was opened without a payment session guid');
  }, [guid, kind, t]);
  useEffect(() => {
    // Leaving for the provider's checkout must not lose the funnel events: hand them to the browser.
    window.addEventListener('pagehide', flushAnalyticsByBeacon);
    return () => window.removeEventListener('pagehide', flushAnalyticsByBeacon);
  }, []);
  if (!guid) return <SessionProblem lang={lang} title={t(`title.${kind}`)} message={t('session.missing')} />;
  return <OrderWithSession lang={lang} kind={kind} guid={guid} query={query} isTest={isTest} />;
}

/** No session to order from (none given, lapsed, or not loaded): the reason, and the way back to pricing. */
function SessionProblem({ lang, title, message }: { lang: SiteLanguage; title: string; message: string }) {
  const { t } = useTranslation('order');
  return (
    <main id="main" className="order-page">
      <h1>{title}</h1>
      <p role="alert">{message}</p>
      <a className="button" href={pricingPath(lang, { upgrading: false })}>
        {t('session.to_pricing')}
      </a>
    </main>
  );
}

function OrderWithSession({ lang, kind, guid, query, isTest }: OrderPageProps & { guid: string }) {
  const { t } = useTranslation('order');
  const page = useOrderPage({ guid, isTest, language: lang });
  if (page.isPending) return <OrderLoading />;
  if (!page.data) {
    const expired = clientCodeOf(page.error) === 'L03';
    return (
      <SessionProblem
        lang={lang}
        title={expired ? t('session.expired_title') : t('session.failed_title')}
        message={clientErrorText(t, expired ? 'L03' : 'L17')}
      />
    );
  }
  return (
    <OrderOfSession lang={lang} kind={kind} guid={guid} query={query} isTest={isTest} page={page.data} />
  );
}

function OrderOfSession({
  lang,
  kind,
  guid,
  query,
  isTest,
  page,
}: OrderPageProps & { guid: string; page: OrderPageData }) {
  const navigate = useNavigate();
  // The session as the loader left it (page.sessionInfo when nothing newer was there); recomputes replace it.
  const session = usePaymentSession(guid, isTest);
  const sessionInfo = session.data ?? page.sessionInfo;
  const followingLanguage = useSessionFollowsLanguage(lang, sessionInfo);

  useEffect(() => {
    if (sessionInfo.planPriceInfo.isSubscription !== (kind === 'subscription')) {
      void navigate({ href: orderPagePath(lang, sessionInfo.planPriceInfo, guid, query), replace: true });
    }
  }, [sessionInfo, kind, lang, guid, query, navigate]);

  if (followingLanguage) return <OrderLoading />;
  return <OrderForm lang={lang} sessionInfo={sessionInfo} query={query} page={page} />;
}

function OrderForm({
  lang,
  sessionInfo,
  query,
  page,
}: {
  lang: SiteLanguage;
  sessionInfo: SessionInfo;
  query: PaymentQuery;
  page: OrderPageData;
}) {
  const { t } = useTranslation('order');
  const { guid, isTest, planPriceInfo: plan } = sessionInfo;
  const changePlan = useChangeSessionPlan(guid, isTest);
  const changeCurrency = useChangeSessionCurrency(guid, isTest);
  const changeAccountType = useChangeSessionAccountType(guid, isTest);
  const currencyChoice = page.currencyOptionShown;
  // An account type that keeps the plan shown (individual, unless the plan is Business) is kept here and
  // saved with the order by the pay command; one that switches the plan is stored at once, its price shown.
  const [keptAccountType, setKeptAccountType] = useState<AccountType>();
  const accountType = keptAccountType ?? sessionInfo.accountType;

  const [userName, setUserName] = useState(sessionInfo.accountInfo.userName);
  const [userEmail, setUserEmail] = useState(sessionInfo.accountInfo.email);
  const [userPhone, setUserPhone] = useState('');
  const [payMethod, setPayMethod] = useState<PayMethod>();
  const [agreements, setAgreements] = useState<[boolean, boolean]>([false, false]);
  const [confirms, setConfirms] = useState<[boolean, boolean, boolean]>([false, false, false]);
  const [couponTyped, setCouponTyped] = useState('');
  const [blinking, setBlinking] = useState(false);
  const [alert, setAlert] = useState<string>();
  const { t: documentText } = useTranslation(['cash-receipt', 'tax-invoice']);
  const [cashReceipt, setCashReceipt] = useState(EMPTY_CASH_RECEIPT_FORM);
  const [invoiceSaved, setInvoiceSaved] = useState(false);
  // Once pay was pressed, every problem shows at its field and in the summary, and follows the form.
  const [tried, setTried] = useState(false);
  const [focusRequest, setFocusRequest] = useState(0);
  const [question, setQuestion] = useState<{ message: string; answer: (yes: boolean) => void }>();
  const blinkTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(blinkTimer.current), []);

  const ask = (message: string) =>
    new Promise<boolean>((resolve) =>
      setQuestion({
        message,
        answer: (yes) => {
          setQuestion(undefined);
          resolve(yes);
        },
      }),
    );
  const { pay, paying, gatewayOpen } = usePay({
    lang,
    query,
    checkoutSettings: page.checkoutSettings,
    confirmPhone: (email) => ask(t('contact.phone_used', { email: email ?? '' })),
    onCouponRefused: (error: ApiError) => setAlert(clientErrorText(t, error.clientCode, error.message)),
  });

  const methods = payMethodsFor({
    isSubscription: plan.isSubscription,
    language: lang,
    currency: sessionInfo.currency,
    walletAllowed: sessionInfo.showNaverPay,
  });
  const method = payMethod && methods.includes(payMethod) ? payMethod : undefined;
  const couponApplied = Boolean(sessionInfo.couponInfo);
  const cashReceiptShown =
    method !== undefined && cashReceiptAsked({ payMethod: method, currency: sessionInfo.currency });
  const business = accountType === 'business';
  const busy = paying || changePlan.isPending || changeCurrency.isPending || changeAccountType.isPending;

  const finalItems = [
    {
      key: 'plan',
      label: t('final.plan'),
      checked: confirms[0],
      onChange: (checked: boolean) => setConfirms([checked, confirms[1], confirms[2]]),
    },
    ...(plan.isSubscription
      ? [
          {
            key: 'renewal',
            label: t('final.renewal'),
            checked: confirms[1],
            onChange: (checked: boolean) => setConfirms([confirms[0], checked, confirms[2]]),
          },
        ]
      : []),
    ...(couponApplied
      ? [
          {
            key: 'coupon',
            label: t('final.coupon'),
            checked: confirms[2],
            onChange: (checked: boolean) => setConfirms([confirms[0], confirms[1], checked]),
          },
        ]
      : []),
  ];

  const receipt = cashReceiptShown ? cashReceiptChoiceOf(cashReceipt) : undefined;
  const { problems, receiptProblem } = orderProblems({
    t,
    documentText,
    form: {
      finalConfirms: confirms,
      isSubscription: plan.isSubscription,
      couponApplied,
      agreements,
      payMethod: method,
      userName,
      userEmail,
      userPhone,
      accountTypeShown: sessionInfo.showAccountType,
      accountType,
      couponUnapplied: couponApplied ? '' : couponTyped,
    },
    finalItems,
    methods,
    receipt,
    invoiceMissing: business && !invoiceSaved,
  });
  const shown = tried ? problems : [];
  const problemAt = (field: OrderField) => shown.find((problem) => problem.key === field)?.message;

  async function chooseAccountType(chosen: AccountType) {
    if (chosen === accountType) return;
    if (!(await ask(t(`account_type.warning_${chosen}`)))) return;
    if (chosen === 'individual' && plan.planType !== 'BUSINESS') {
      setKeptAccountType(chosen);
      return;
    }
    setKeptAccountType(undefined);
    changeAccountType.mutate({ accountType: chosen });
  }

  function onPay() {
    if (busy) return;
    setTried(true);
    if (problems.length) {
      setFocusRequest((request) => request + 1);
      if (problems.some((problem) => problem.key === 'coupon')) {
        setBlinking(true);
        clearTimeout(blinkTimer.current);
        blinkTimer.current = setTimeout(() => setBlinking(false), COUPON_BLINK_MS);
      }
      return;
    }
    funnel().set('PaymentInfoEntered');
    void pay(
      sessionInfo,
      method as PayMethod,
      { userName: userName.trim(), userEmail: userEmail.trim(), userPhone },
      `${PRODUCT_NAME} ${planLabel(t, plan)}`,
      {
        cashReceipt: receipt && 'choice' in receipt ? receipt.choice : undefined,
        accountType: keptAccountType,
      },
    );
  }

  return (
    <main id="main" className="order-page" aria-busy={busy}>
      <h1>{t(`title.${plan.isSubscription ? 'subscription' : 'fixedterm'}`)}</h1>
      {isTest ? <p className="order-test">{t('test_mode_banner')}</p> : null}
      <ErrorSummary
        id="order-problems"
        title={t('pay_checks.summary_title')}
        problems={shown}
        focusRequest={focusRequest}
      />
      <PlanSelectionForm
        sessionInfo={sessionInfo}
        busy={busy}
        onChoose={(planName) => changePlan.mutateAsync({ planName })}
      />
      {sessionInfo.showAccountType ? (
        <section id="order-account-type" className="order-section" aria-labelledby="order-account-type-title">
          <h2 id="order-account-type-title">{t('account_type.title')}</h2>
          {problemAt('account-type') ? (
            <p id="order-account-type-error" className="field-error">
              {problemAt('account-type')}
            </p>
          ) : null}
          <div
            role="radiogroup"
            aria-labelledby="order-account-type-title"
            aria-invalid={problemAt('account-type') ? true : undefined}
            aria-describedby={problemAt('account-type') ? 'order-account-type-error' : undefined}
            className="order-inline-choices"
          >
            {(['individual', 'business'] as const).map((type) => (
              <label key={type}>
                <input
                  id={accountTypeInputId(type)}
                  type="radio"
                  name="account-type"
                  checked={accountType === type}
                  disabled={busy}
                  onChange={() => void chooseAccountType(type)}
                />
                {t(`account_type.${type}`)}
              </label>
            ))}
          </div>
        </section>
      ) : null}

      {business ? (
        <TaxInvoiceSection
          id={TAX_INVOICE_ID}
          owner={{ guid }}
          onSaved={setInvoiceSaved}
          problem={problemAt('tax-invoice')}
        />
      ) : null}

      <section className="order-section" aria-labelledby="order-account-title">
        <h2 id="order-account-title">{t('account.title')}</h2>
        <dl className="order-account">
          <dt>{t('account.name')}</dt>
          <dd>{sessionInfo.accountInfo.userName}</dd>
          <dt>{t('account.email')}</dt>
          <dd>{sessionInfo.accountInfo.email}</dd>
        </dl>
        <p className="order-helper">{t('account.confirm_note')}</p>
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

      {sessionInfo.couponAllowed ? (
        <CouponBox
          sessionInfo={sessionInfo}
          language={lang}
          typed={couponTyped}
          onTyped={setCouponTyped}
          blinking={blinking}
          problem={problemAt('coupon')}
        />
      ) : null}
      <PriceSummary
        sessionInfo={sessionInfo}
        currencyChoice={currencyChoice}
        busy={busy}
        onCurrency={(currency) => changeCurrency.mutate({ currency })}
      />

      <PayMethodCards
        methods={methods}
        language={lang}
        isSubscription={plan.isSubscription}
        value={method}
        disabled={busy}
        onChange={setPayMethod}
        error={problemAt('pay-method')}
      />
      {cashReceiptShown ? (
        <CashReceiptSection
          id={CASH_RECEIPT_ID}
          form={cashReceipt}
          onChange={setCashReceipt}
          disabled={busy}
          problem={tried ? receiptProblem : undefined}
        />
      ) : null}
      {method ? (
        <PaymentDocumentNote
          guid={guid}
          business={business}
          payMethod={method}
          currency={sessionInfo.currency}
          finalPrice={sessionInfo.price.finalPrice}
          cashReceiptPurpose={cashReceiptShown ? cashReceipt.purpose : undefined}
        />
      ) : null}

      <AgreementChecklist
        id={AGREEMENT_ID}
        agreements={agreements}
        onChange={setAgreements}
        error={problemAt('agreement')}
      />

      <section className="order-section" aria-labelledby="order-refund-title">
        <h2 id="order-refund-title">{t('refund.title')}</h2>
        <ul className="order-refund">
          <li>{t(plan.isSubscription ? 'refund.subscription' : 'refund.fixedterm')}</li>
          <li>{t('refund.usage')}</li>
          <li>
            {t('refund.policy')} <a href={`/${lang}/refund-policy`}>{t('refund.policy_link')}</a>
          </li>
        </ul>
      </section>

      <Checklist
        id={FINAL_ID}
        title={t('final.title')}
        items={finalItems}
        error={problemAt('final-confirmation')}
      />

      {sessionInfo.currency === 'KRW' && plan.isSubscription ? (
        <p className="order-warning" role="note">
          {t('phone_auth_warning')}
        </p>
      ) : null}

      {sessionInfo.price.payable ? (
        <button type="button" className="button order-pay" disabled={busy} aria-busy={paying} onClick={onPay}>
          {t('pay', { price: price(sessionInfo.price.finalPrice, sessionInfo.currency) })}
        </button>
      ) : null}

      {gatewayOpen ? (
        <div className="order-overlay" role="status" aria-live="polite">
          <div className="spinner" />
          <p>{t('overlay')}</p>
        </div>
      ) : null}
      <MessageDialog
        message={alert}
        title={t('alert_title')}
        buttonLabel={t('common_actions.ok')}
        onClose={() => setAlert(undefined)}
      />
      <ConfirmDialog
        message={question?.message}
        title={t('alert_title')}
        confirmLabel={t('common_actions.continue')}
        cancelLabel={t('common_actions.cancel')}
        onAnswer={(yes) => question?.answer(yes)}
      />
    </main>
  );
}
