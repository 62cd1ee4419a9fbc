import type { RouteOutput } from '../../../../shared/api/define-route.ts';
import type { getPaymentResult } from '../../../../shared/api/orders.ts';
import { type ClientErrorCode, clientCodeForServerError } from '../../../../shared/errors/catalogue.ts';
import {
  PAYMENT_RESULT_RETRIES,
  PAYMENT_RESULT_RETRY_DELAY_MS,
  retryDelayMs,
} from '../../../../shared/payments/constants.ts';
import { ApiError } from '../../lib/api-client.ts';
import type { PaymentFailureInfo } from '../../lib/payment-failure.ts';
import { clientCodeOf } from './format.ts';

/** The result page's patience: network retries of one call, and pending answers asked again. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A call retried on network failures only, 100 ms x 2^attempt apart (section 9's retry helper). */
export async function withRetries<T>(call: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await call();
    } catch (error) {
      const network = !(error instanceof ApiError) || error.clientCode === 'L04';
      if (!network || attempt + 1 >= attempts) throw error;
      await sleep(retryDelayMs(attempt));
    }
  }
}

export class PaymentFailure extends Error implements PaymentFailureInfo {
  constructor(
    readonly errorCode: ClientErrorCode,
    readonly errMsg: string,
    readonly cardCode?: string | undefined,
  ) {
    super(errMsg);
  }
}

/** What the fail page shows of any failure of a payment (a call's failure is its client code). */
export function failureOf(error: unknown): PaymentFailureInfo {
  if (error instanceof PaymentFailure) {
    const { errorCode, errMsg, cardCode } = error;
    return { errorCode, errMsg, ...(cardCode ? { cardCode } : {}) };
  }
  return { errorCode: clientCodeOf(error), errMsg: error instanceof ApiError ? error.message : '' };
}

/** The server's answer of a confirmation (a billing-key charge adds 'failed': the card was declined). */
export type ServerResult = Pick<
  RouteOutput<typeof getPaymentResult>,
  'merchantUid' | 'errorType' | 'errorMsg' | 'failureCode'
> & {
  result: RouteOutput<typeof getPaymentResult>['result'] | 'failed';
};

/**
 * The failure a confirmation answered. PORTONE_FAILED in an answer (not an error of the call) is the
 * provider's own record of the payment as failed: the payment provider's error (L09, section 8).
 */
export function failure(answer: ServerResult): PaymentFailure {
  return new PaymentFailure(
    answer.errorType === 'PORTONE_FAILED' ? 'L09' : clientCodeForServerError(answer.errorType),
    answer.errorMsg ?? '',
    answer.failureCode,
  );
}

/**
 * Asks for the result until it is no longer pending: once a second, up to 5 retries; the count starts
 * again when the server answers for another merchantUid. Then the retrier error.
 */
export async function untilSettled(
  ask: () => Promise<ServerResult>,
  onRetry: (attempt: number) => void,
): Promise<void> {
  let retries = 0;
  let merchantUid: string | undefined;
  for (;;) {
    const answer = await withRetries(ask);
    if (answer.result === 'success') return;
    if (answer.result !== 'pending') throw failure(answer);
    if (answer.merchantUid !== merchantUid) {
      merchantUid = answer.merchantUid;
      retries = 0;
    }
    if (retries >= PAYMENT_RESULT_RETRIES) throw new PaymentFailure('L11', '');
    retries += 1;
    onRetry(retries);
    await sleep(PAYMENT_RESULT_RETRY_DELAY_MS);
  }
}
