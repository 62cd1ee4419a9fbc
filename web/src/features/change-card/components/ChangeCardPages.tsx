import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import { PaymentFailureNote } from '../../../components/PaymentFailureNote.tsx';
import { describePaymentFailure, type PaymentFailureInfo } from '../../../lib/payment-failure.ts';
import { failureOf, useTitle } from '../../checkout/index.ts';
import { checkoutSettingsQuery, requestPay } from '../../payment-provider/index.ts';
import {
  changeCardPagePath,
  finishChangeCard,
  prepareChangeCard,
  readChangeCardError,
  readChangeMerchantUid,
  saveChangeCardError,
  saveChangeMerchantUid,
} from '../change-card-flow.ts';
import '../../checkout/checkout.css';

/** The provider's return on the change-card page (the checkout comes back here, naming its order). */
export interface CheckoutReturnQuery {
  imp_uid?: string | undefined;
  merchant_uid?: string | undefined;
}

/**
 * /payment/change-card: the title, the description and the button, which stays disabled after the first
 * click (section 2); the click prepares the change (insert-change-card-progress) and opens the provider's
 * billing-key checkout. When the checkout returns here (its query names the order), the server is asked
 * to make the new card the plan's (change-card), and the success or fail page opens: the server's
 * lookup decides, never the return's imp_success (not every channel sends it); a decline at the checkout
 * comes back from it with its code and message.
 */
export function ChangeCardPage({
  lang,
  guid,
  returned,
}: {
  lang: SiteLanguage;
  guid: string | undefined;
  returned: CheckoutReturnQuery;
}) {
  const { t } = useTranslation('change-card');
  useTitle(t('title'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [clicked, setClicked] = useState(false);
  const finishing = returned.merchant_uid !== undefined || returned.imp_uid !== undefined;
  const started = useRef(false);

  async function fail(currentGuid: string, failure: PaymentFailureInfo) {
    saveChangeCardError(currentGuid, failure);
    await navigate({ href: changeCardPagePath(lang, '/fail', currentGuid), replace: true });
  }

  useEffect(() => {
    if (!finishing || !guid || started.current) return;
    started.current = true;
    void (async () => {
      const merchantUid = readChangeMerchantUid(guid);
      if (!merchantUid) return fail(guid, { errorCode: 'L23', errMsg: '' });
      try {
        const answer = await finishChangeCard(guid, merchantUid);
        if (answer.result !== 'success') {
          return fail(guid, { errorCode: 'L09', errMsg: answer.errorMsg ?? '', cardCode: answer.errorCode });
        }
        await navigate({ href: changeCardPagePath(lang, '/success', guid), replace: true });
      } catch (error) {
        await fail(guid, failureOf(error));
      }
    })();
  });

  async function start(currentGuid: string) {
    setClicked(true);
    try {
      const prepared = await prepareChangeCard(currentGuid);
      const data = prepared.changeCardData;
      saveChangeMerchantUid(currentGuid, data.merchantUid);
      const settings = await queryClient.ensureQueryData(checkoutSettingsQuery());
      await requestPay(settings, {
        pg: data.pg,
        pay_method: 'card',
        merchant_uid: prepared.checkoutMerchantUid,
        name: `${PRODUCT_NAME} ${t('checkout_name')}`,
        // A billing-key issue only: nothing is charged now.
        amount: 0,
        currency: data.currency,
        buyer_name: data.userName,
        buyer_email: data.userEmail,
        buyer_tel: data.userPhone,
        customer_uid: prepared.customerUid,
        m_redirect_url: `${window.location.origin}${changeCardPagePath(lang, '', currentGuid)}`,
        language: lang === 'ko' ? 'ko' : lang === 'zh-TW' ? 'zh' : 'en',
      });
    } catch (error) {
      await fail(currentGuid, failureOf(error));
    }
  }

  return (
    <main id="main" className="order-page order-result">
      <h1>{t('title')}</h1>
      {finishing ? (
        <>
          <div className="spinner" />
          <p role="status">{t('finishing')}</p>
        </>
      ) : (
        <>
          <p>{t('description')}</p>
          {guid ? (
            <button
              type="button"
              className="button order-pay"
              disabled={clicked}
              onClick={() => void start(guid)}
            >
              {t('button')}
            </button>
          ) : (
            <p role="alert">{t('missing')}</p>
          )}
        </>
      )}
    </main>
  );
}

export function ChangeCardSuccess() {
  const { t } = useTranslation('change-card');
  useTitle(t('success.title'));
  return (
    <main id="main" className="order-page order-result">
      <h1>{t('success.title')}</h1>
      <p>{t('success.description')}</p>
    </main>
  );
}

/**
 * The failure title and description, then the failure carried here: what it means, and 'Error Code'
 * with the provider's code and message (lib/payment-failure.ts).
 */
export function ChangeCardFail({ lang, guid }: { lang: SiteLanguage; guid: string | undefined }) {
  const { t } = useTranslation('change-card');
  useTitle(t('fail.title'));
  const [failure, setFailure] = useState<PaymentFailureInfo | undefined>();
  useEffect(() => setFailure(guid ? readChangeCardError(guid) : undefined), [guid]);
  return (
    <main id="main" className="order-page order-result">
      <h1>{t('fail.title')}</h1>
      <p>{t('fail.description')}</p>
      {failure ? <PaymentFailureNote view={describePaymentFailure(t, failure)} /> : null}
      {guid ? (
        <a className="button" href={changeCardPagePath(lang, '', guid)}>
          {t('fail.retry')}
        </a>
      ) : null}
    </main>
  );
}
