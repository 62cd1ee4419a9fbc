import { DateTime } from 'luxon';
import type { VbankIssuedInfo } from '../../../shared/api/orders.ts';
import { formatPrice } from '../../../shared/currency.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { PAYMENT_TIME_ZONE } from '../../../shared/payments/constants.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { findPaymentByMerchantUid } from '../adapters/payment-provider/portone.ts';
import { SmsError, sendSms } from '../adapters/sms.ts';
import { nowMs } from '../clock.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { claimOrderSms, releaseOrderSms } from '../data/order-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { accountKakaoNumber } from '../notices/kakao-notices.ts';
import { confirmOrder, noteVbankIssued } from './confirmation.ts';
import { orderOfSession } from './order-access.ts';

/**
 * Virtual accounts: the account the provider issued for an order (get-vbank-issued-info) and the text
 * with its details (request-send-coolsms). The deposit itself arrives as the provider's notification.
 */
function issuedInfo(order: PaymentOrder): VbankIssuedInfo | undefined {
  if (!order.vbankNum || !order.vbankName || order.vbankDueDate === undefined) return undefined;
  return {
    vbankName: order.vbankName,
    vbankNum: order.vbankNum,
    vbankHolder: order.vbankHolder ?? '',
    vbankDueDate: order.vbankDueDate,
    price: order.amount,
    currency: order.currency,
    userName: order.userName,
    userPhone: order.userPhone,
  };
}

export async function vbankIssuedInfo(guid: string, merchantUid: string): Promise<VbankIssuedInfo> {
  const order = await orderOfSession(guid, merchantUid);
  if (order.payMethod !== 'vbank') {
    throw new PaymentError('ABNORMAL_PAYMENT_STATUS', 'The order is not paid by virtual account');
  }
  const known = issuedInfo(order);
  if (known) return known;
  const payment = await findPaymentByMerchantUid(merchantUid);
  if (!payment?.vbank) throw new PaymentError('ABNORMAL_PAYMENT_STATUS', 'No virtual account was issued');
  const noted = await noteVbankIssued(order, payment);
  // A deposit can beat the result page (the notification may be on its way): settle it now.
  if (payment.status !== 'ready') await confirmOrder(noted, payment);
  return {
    vbankName: payment.vbank.vbankName,
    vbankNum: payment.vbank.vbankNum,
    vbankHolder: payment.vbank.vbankHolder,
    vbankDueDate: payment.vbank.vbankDueDate.getTime(),
    price: order.amount,
    currency: order.currency,
    userName: order.userName,
    userPhone: order.userPhone,
  };
}

/** The number as the Korean SMS service dials it: +82 10-1234-5678 -> 01012345678. */
export function domesticNumber(e164: string): string {
  return e164.startsWith('+82') ? `0${e164.slice(3)}` : e164.replace(/\D/g, '');
}

/** The text: the virtual account is a Korean payment method, so the text is Korean. */
export function vbankText(info: VbankIssuedInfo): string {
  const due = DateTime.fromMillis(info.vbankDueDate, { zone: PAYMENT_TIME_ZONE }).toFormat(
    'yyyy-MM-dd HH:mm',
  );
  return [
    `[${PRODUCT_NAME}] 가상계좌 입금 안내`,
    `${info.vbankName} ${info.vbankNum} (예금주 ${info.vbankHolder})`,
    `입금액 ${formatPrice(info.price, info.currency)}`,
    `입금기한 ${due} (한국시간)`,
  ].join('\n');
}

/**
 * Texts an order's virtual account to the order's phone, once; false when it had been sent already, or
 * goes by 알림톡.
 */
export async function sendVbankText(guid: string, merchantUid: string): Promise<boolean> {
  const order = await orderOfSession(guid, merchantUid);
  const info = issuedInfo(order);
  if (!info) throw new PaymentError('ABNORMAL_PAYMENT_STATUS', 'No virtual account was issued for the order');
  // A Korean customer's Korean mobile gets the account by the vbank-issued notice's 알림톡 (with its SMS
  // fallback): no second text.
  if (await accountKakaoNumber(order.uid, order.language as SiteLanguage, order.userPhone)) return false;
  if (!(await claimOrderSms(merchantUid, nowMs()))) return false;
  try {
    await sendSms({ to: domesticNumber(order.userPhone), text: vbankText(info) });
    return true;
  } catch (error) {
    if (!(error instanceof SmsError)) throw error;
    await releaseOrderSms(merchantUid);
    logger.warn('Virtual account text not sent', { merchantUid, code: error.smsCode });
    throw error;
  }
}
