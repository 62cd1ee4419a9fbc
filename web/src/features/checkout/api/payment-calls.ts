import type { RouteDefinition, RouteInput, RouteOutput } from '../../../../../shared/api/define-route.ts';
import {
  createBillingKeyPayment,
  getPaymentResult,
  getVbankIssuedInfo,
  insertPaymentProgress,
  requestSendCoolsms,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
} from '../../../../../shared/api/orders.ts';
import { callRoute } from '../../../lib/api-client.ts';

/**
 * The payment calls of the pay button and the result pages. They are commands run once each (never
 * cached queries), so they are plain fetchers here, one per route.
 */
const command =
  <R extends RouteDefinition>(route: R) =>
  (input: RouteInput<R>): Promise<RouteOutput<R>> =>
    callRoute(route, input);

export const fetchInsertPaymentProgress = command(insertPaymentProgress);
export const fetchPaymentResult = command(getPaymentResult);
export const fetchVbankIssuedInfo = command(getVbankIssuedInfo);
export const fetchSendVbankText = command(requestSendCoolsms);
export const fetchBillingKeyPayment = command(createBillingKeyPayment);
export const fetchWalletEnrolment = command(setUpRecurrentNaverPayEnroll);
export const fetchStartWallet = command(startRecurrentNaverPay);
