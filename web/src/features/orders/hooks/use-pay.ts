import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { CheckoutSettings } from '../../../../../shared/api/payment-provider.ts';
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
import type { AccountType } from '../../../../../shared/plans/plans-offered.ts';
import { funnel } from '../../../lib/analytics/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { paymentSessionKey } from '../../../lib/payment-cache.ts';
import {
  failureOf,
  fetchWalletEnrolment,
  progressFor,
  resultPagePath,
  saveOutcome,
  saveProgress,
} from '../../checkout/index.ts';
import { browser, requestPay, walletPageUrl } from '../../payment-provider/index.ts';
import { fetchPayOrder } from '../api/pay-order.ts';

export interface Contact {
  userName: string;
  userEmail: string;
  userPhone: string;
}

/** The provider window's language: Korean, Chinese or English. */
const checkoutLanguage = (lang: SiteLanguage) => (lang === 'ko' ? 'ko' : lang === 'zh-TW' ? 'zh' : 'en');

/**
 * The payment flow after the pay checks passed (section 4), in one command to the server (pay-order,
 * issue 36): it checks the phone number and, for a number another account paid with, answers for the
 * confirmation (cancel stops here; a confirmed press sends the command again without the check); it saves
 * the account type chosen and creates the merchant order at the server's price for the session shown (a
 * session changed meanwhile is refused, not paid at another price). Then the gateway opens (the overlay
 * shows, the pay button stays locked) and the wallet registration or the provider's checkout opens, with
 * the checkout settings the order page read. A failure before the checkout is stored and shown on the fail
 * page; a coupon that ran out meanwhile is shown on the order page, which reloads its session.
 */
export function usePay(input: {
  lang: SiteLanguage;
  query: PaymentQuery;
  checkoutSettings: CheckoutSettings;
  confirmPhone: (maskedEmail: string | undefined) => Promise<boolean>;
  onCouponRefused: (error: ApiError) => void;
}) {
  const { lang, query, checkoutSettings: settings } = input;
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
    choices: { cashReceipt?: CashReceiptChoice | undefined; accountType?: AccountType | undefined } = {},
  ): Promise<void> {
    const { guid, isTest } = sessionInfo;
    const plan = sessionInfo.planPriceInfo;
    const channel =
      method === WALLET_PAY_METHOD ? undefined : providerChannel(method, sessionInfo.currency, plan);
    const couponCode = sessionInfo.couponInfo?.coupon.couponCode;
    const command = (phoneUseConfirmed: boolean) =>
      fetchPayOrder({
        guid,
        price: sessionInfo.price.finalPrice,
        planName: plan.name,
        payMethod: serverPayMethod(method),
        pg: channel?.pg ?? WALLET_PG,
        currency: sessionInfo.currency,
        isTest,
        ...(couponCode ? { couponCode } : {}),
        ...contact,
        ...(choices.cashReceipt ? { cashReceipt: choices.cashReceipt } : {}),
        ...(choices.accountType ? { accountType: choices.accountType } : {}),
        phoneUseConfirmed,
      });
    setPaying(true);
    try {
      let answer = await command(false);
      if (answer.outcome === 'phone_used') {
        if (!(await input.confirmPhone(answer.email))) return;
        answer = await command(true);
      }
      if (answer.outcome !== 'ordered') return;
      const order = answer;
      funnel().set('PaymentGatewayOpened');
      setGatewayOpen(true);
      saveProgress(guid, progressFor(sessionInfo, order, method, false));
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
        currency: sessionInfo.currency,
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
