import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { WALLET_SUCCESS_CODE } from '../../../../../shared/payments/checkout-contract.ts';
import { PAYMENT_CONFIRMATION_DELAY_MS } from '../../../../../shared/payments/constants.ts';
import { funnel } from '../../../lib/analytics/index.ts';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { readPaymentReturn } from '../../payment-provider/index.ts';
import {
  fetchBillingKeyPayment,
  fetchPaymentResult,
  fetchSendVbankText,
  fetchStartWallet,
  fetchVbankIssuedInfo,
} from '../api/payment-calls.ts';
import {
  failure,
  failureOf,
  PaymentFailure,
  type ServerResult,
  untilSettled,
  withRetries,
} from '../confirmation-retries.ts';
import {
  type PaymentOutcome,
  type PaymentProgressInfo,
  readOutcome,
  readProgress,
  saveOutcome,
} from '../payment-storage.ts';
import { type ResultPagesBase, resultPagePath } from '../result-pages.ts';

/**
 * The result page's confirmation (section 4), run once, 100 ms after the page opened: the provider's
 * or the wallet's return is read from the query; a wallet's failure there is the outcome, while the
 * provider's return only names the order (its imp_success is no evidence): the server confirms (a
 * virtual account is looked up and texted; a subscription's first payment is charged on its billing
 * key; the wallet's registration is approved and charged; anything else is confirmed, pending
 * retried). The outcome is stored and the success page opened (the virtual account's page while its
 * deposit is awaited), or the fail page.
 */
export function usePaymentConfirmation(input: {
  lang: SiteLanguage;
  guid: string | undefined;
  query: PaymentQuery;
  /** The result page's query as the router read it (the provider's or the wallet's return). */
  returned: Record<string, string | undefined>;
  /** Where the success and fail pages are (an order's by default). */
  resultPages?: ResultPagesBase;
}) {
  const { lang, guid, query } = input;
  const navigate = useNavigate();
  const started = useRef(false);
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      void confirm();
    }, PAYMENT_CONFIRMATION_DELAY_MS);
    return () => clearTimeout(timer);
  });

  async function finish(outcome: PaymentOutcome) {
    if (!guid) return;
    saveOutcome(guid, outcome);
    funnel().set(outcome.kind === 'error' ? 'PaymentFailed' : 'PaymentSucceeded');
    await navigate({
      href: resultPagePath(
        lang,
        outcome.kind === 'error' ? 'fail' : outcome.kind === 'vbank_issued' ? 'vbank' : 'success',
        guid,
        query,
        input.resultPages,
      ),
      replace: true,
    });
  }

  async function settle(
    guid: string,
    progress: PaymentProgressInfo,
    returned: ReturnType<typeof readPaymentReturn>,
  ) {
    const claims = {
      price: progress.finalPrice,
      isTest: progress.isTest,
      couponCode: progress.couponCode ?? '',
    };
    const merchantUid = progress.merchantUid;
    const succeed = () =>
      finish({
        kind: 'success',
        planName: progress.planName,
        amount: progress.amount,
        currency: progress.currency,
      });
    /** The charge (when the result page makes one), then the result asked until it is not pending. */
    const settleWith = async (charge?: () => Promise<ServerResult>) => {
      const first = charge ? await withRetries(charge) : undefined;
      if (first && first.result !== 'success' && first.result !== 'pending') throw failure(first);
      if (first?.result !== 'success') {
        await untilSettled(() => fetchPaymentResult({ guid, merchantUid, ...claims }), setRetry);
      }
      return succeed();
    };
    if (returned.from === 'wallet') {
      const { resultCode, resultMessage, reserveId, tempReceiptId } = returned.value;
      if (resultCode !== WALLET_SUCCESS_CODE) throw new PaymentFailure('L22', resultMessage ?? resultCode);
      if (!reserveId || !tempReceiptId) throw new PaymentFailure('L26', '');
      return settleWith(() => fetchStartWallet({ guid, merchantUid, reserveId, tempReceiptId, ...claims }));
    }
    if (returned.from !== 'provider') return;
    // Whatever the return's imp_success says (not every channel sends it, some send false for a paid
    // payment), the server's lookup of the payment decides: a failure comes back from it.
    if (progress.selectedMethod === 'vbank') {
      const issued = await withRetries(() => fetchPaymentResult({ guid, merchantUid, ...claims }));
      if (issued.result === 'error') throw failure(issued);
      const { vbankIssuedInfo } = await withRetries(() => fetchVbankIssuedInfo({ guid, merchantUid }));
      await fetchSendVbankText({ guid, merchantUid }).catch((error: unknown) =>
        console.warn('The virtual account text was not sent', error),
      );
      return finish({ kind: 'vbank_issued', planName: progress.planName, vbank: vbankIssuedInfo });
    }
    const { customerUid } = progress;
    return settleWith(
      customerUid ? () => fetchBillingKeyPayment({ guid, merchantUid, customerUid, ...claims }) : undefined,
    );
  }

  async function confirm() {
    if (!guid) return;
    const returned = readPaymentReturn(
      new URLSearchParams(
        Object.entries(input.returned).filter((entry): entry is [string, string] => entry[1] !== undefined),
      ),
    );
    if (returned.from === 'none') {
      // No provider parameters: the state is the result already given.
      const given = readOutcome(guid);
      return finish(given ?? { kind: 'error', errorCode: 'L23', errMsg: '' });
    }
    const progress = readProgress(guid);
    try {
      if (!progress) throw new PaymentFailure('L23', '');
      await settle(guid, progress, returned);
    } catch (error) {
      await finish({ kind: 'error', ...failureOf(error) });
    }
  }

  return { retry };
}
