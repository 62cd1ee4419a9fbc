import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
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
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { paymentSessionKey } from '../../../lib/payment-cache.ts';
import {
  failure,
  failureOf,
  fetchBillingKeyPayment,
  fetchInsertPaymentProgress,
  fetchPaymentResult,
  fetchPaymentSessionInfo,
  type PaymentOutcome,
  progressFor,
  resultPagePath,
  saveOutcome,
  saveProgress,
  untilSettled,
  withRetries,
} from '../../checkout/index.ts';
import { fetchWalletUpgrade } from '../api/upgrade-calls.ts';

/**
 * The upgrade's payment (section 4): no checkout opens, the plan's own payment is charged. The session
 * is verified, the upgrade order is made at the server's price, then a card upgrade is charged on the
 * plan's billing key (create-billing-key-payment) and a wallet upgrade by the upgrade endpoint; the
 * result is asked until settled, and the success or fail page opens with the outcome.
 */
export function useUpgradePay(input: { lang: SiteLanguage; query: PaymentQuery }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);

  async function finish(guid: string, outcome: PaymentOutcome) {
    saveOutcome(guid, outcome);
    funnel().set(outcome.kind === 'error' ? 'PaymentFailed' : 'PaymentSucceeded');
    const page = outcome.kind === 'error' ? 'fail' : 'success';
    await navigate({ href: resultPagePath(input.lang, page, guid, input.query) });
  }

  async function pay(sessionInfo: SessionInfo): Promise<void> {
    const { guid, isTest } = sessionInfo;
    const upgrade = sessionInfo.planUpgradeData;
    if (!upgrade || paying) return;
    setPaying(true);
    funnel().set('PaymentGatewayOpened');
    try {
      const verified = await fetchPaymentSessionInfo(guid, isTest);
      queryClient.setQueryData(paymentSessionKey(guid, isTest), verified);
      const plan = verified.planPriceInfo;
      const method = upgrade.previousPayMethod as PayMethod;
      const isWallet = method === WALLET_PAY_METHOD;
      const price = verified.price.finalPrice;
      const order = await fetchInsertPaymentProgress({
        guid,
        price,
        planName: plan.name,
        payMethod: serverPayMethod(method),
        // The server charges where the plan is paid; the pg sent is the method's usual channel.
        pg: isWallet ? WALLET_PG : providerChannel('card', verified.currency).pg,
        currency: verified.currency,
        isUpgrade: true,
        isTest,
        userName: upgrade.paidUserInfo.name,
        userEmail: upgrade.paidUserInfo.email,
        userPhone: upgrade.paidUserInfo.phone,
      });
      const { merchantUid, customerUid } = order;
      saveProgress(guid, progressFor(verified, order, method, true));
      const claims = { guid, merchantUid, price, isTest };
      const charged = await withRetries(() =>
        isWallet
          ? fetchWalletUpgrade(claims)
          : fetchBillingKeyPayment({ ...claims, customerUid: customerUid ?? '', isUpgrade: true }),
      );
      if (charged.result !== 'success' && charged.result !== 'pending') throw failure(charged);
      if (charged.result === 'pending') {
        await untilSettled(
          () => fetchPaymentResult({ ...claims, isUpgrade: true }),
          () => undefined,
        );
      }
      await finish(guid, {
        kind: 'success',
        planName: plan.name,
        amount: order.amount,
        currency: verified.currency,
      });
    } catch (error) {
      await finish(guid, { kind: 'error', ...failureOf(error) });
    } finally {
      setPaying(false);
    }
  }

  return { pay, paying };
}
