import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CashReceiptChoice } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { SessionInfo } from '../../../../../shared/orders/session-info.ts';
import {
  type PayMethod,
  providerChannel,
  serverPayMethod,
  WALLET_PAY_METHOD,
  WALLET_PG,
} from '../../../../../shared/payments/pay-methods.ts';
import { funnel } from '../../../lib/analytics/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { PaymentQuery } from '../../../lib/order-session.ts';
import {
  failureOf,
  fetchInsertPaymentProgress,
  fetchPaymentSessionInfo,
  fetchWalletEnrolment,
  paymentSessionKey,
  progressFor,
  resultPagePath,
  saveOutcome,
  saveProgress,
} from '../../checkout/index.ts';
import { browser, checkoutSettingsQuery, requestPay, walletPageUrl } from '../../payment-provider/index.ts';
import { fetchPhoneUse } from '../api/find-payment-info-by-phone-number.ts';

export interface Contact {
  userName: string;
  userEmail: string;
  userPhone: string;
}

/** The provider window's language: Korean, Chinese or English. */
const checkoutLanguage = (lang: SiteLanguage) => (lang === 'ko' ? 'ko' : lang === 'zh-TW' ? 'zh' : 'en');

/**
 * The payment flow after the pay checks passed (section 4): the phone number is checked (a number
 * another account paid with asks for confirmation; cancel stops here); then the gateway opens (the
 * overlay shows, the pay button stays locked), the session is verified, the merchant order is created
 * at the server's price and its progress info stored, and the wallet registration or the provider's
 * checkout opens. A failure before the checkout is stored and shown on the fail page; a coupon that
 * ran out meanwhile is shown on the order page, which reloads its session.
 */
export function usePay(input: {
  lang: SiteLanguage;
  query: PaymentQuery;
  confirmPhone: (maskedEmail: string | undefined) => Promise<boolean>;
  onCouponRefused: (error: ApiError) => void;
}) {
  const { lang, query } = input;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [gatewayOpen, setGatewayOpen] = useState(false);

  /** `orderName` is what the provider's window calls the purchase (the plan as the customer knows it). */
  async function pay(
    sessionInfo: SessionInfo,
    method: PayMethod,
    contact: Contact,
    orderName: string,
    cashReceipt?: CashReceiptChoice,
  ): Promise<void> {
    const { guid, isTest } = sessionInfo;
    setPaying(true);
    try {
      const phone = await fetchPhoneUse(guid, contact.userPhone);
      if (phone.isUsed && !(await input.confirmPhone(phone.email))) return;
      funnel().set('PaymentGatewayOpened');
      setGatewayOpen(true);
      const verified = await fetchPaymentSessionInfo(guid, isTest);
      queryClient.setQueryData(paymentSessionKey(guid, isTest), verified);
      const plan = verified.planPriceInfo;
      const channel =
        method === WALLET_PAY_METHOD ? undefined : providerChannel(method, verified.currency, plan);
      const pg = channel?.pg ?? WALLET_PG;
      const couponCode = verified.couponInfo?.coupon.couponCode;
      const order = await fetchInsertPaymentProgress({
        guid,
        price: verified.price.finalPrice,
        planName: plan.name,
        payMethod: serverPayMethod(method),
        pg,
        currency: verified.currency,
        isTest,
        ...(couponCode ? { couponCode } : {}),
        ...contact,
        ...(cashReceipt ? { cashReceipt } : {}),
      });
      saveProgress(guid, progressFor(verified, order, method, false));
      const settings = await queryClient.ensureQueryData(checkoutSettingsQuery());
      if (!channel) {
        const { reserveId } = await fetchWalletEnrolment({ guid, merchantUid: order.merchantUid });
        browser.navigate(walletPageUrl(settings, reserveId));
        return;
      }
      await requestPay(settings, {
        pg: channel.pg,
        pay_method: channel.payMethod,
        merchant_uid: order.checkoutMerchantUid,
        name: orderName,
        amount: order.amount,
        currency: verified.currency,
        buyer_name: contact.userName,
        buyer_email: contact.userEmail,
        buyer_tel: contact.userPhone,
        ...(order.customerUid ? { customer_uid: order.customerUid } : {}),
        ...(order.vbankDue ? { vbank_due: order.vbankDue } : {}),
        m_redirect_url: `${window.location.origin}${resultPagePath(lang, 'pending', guid, query)}`,
        language: checkoutLanguage(lang),
      });
    } catch (error) {
      setGatewayOpen(false);
      if (error instanceof ApiError && error.serverCode === 'INVALID_COUPON_CODE') {
        await queryClient.invalidateQueries({ queryKey: paymentSessionKey(guid, isTest) });
        input.onCouponRefused(error);
        return;
      }
      saveOutcome(guid, { kind: 'error', ...failureOf(error) });
      await navigate({ href: resultPagePath(lang, 'fail', guid, query) });
    } finally {
      setPaying(false);
    }
  }

  return { pay, paying: paying || gatewayOpen, gatewayOpen };
}
