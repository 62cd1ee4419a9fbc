import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { toNaverTime, WALLET_DECLINED } from '../../../functions/core/adapters/payment-provider/naver-pay.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { WALLET_SUCCESS_CODE } from '../../../shared/payments/checkout-contract.ts';
import { readFields, sendJson } from '../http-helpers.ts';
import { randomDigits, randomId, type SandboxStore, type WalletReservation } from './store.ts';
import { chargeDecline, failText, maskCardNumber, testCard } from './test-cards.ts';

export interface WalletCredentials {
  partnerId: string;
  clientId: string;
  clientSecret: string;
  chainId: string;
}

/** A registration must be approved within 30 minutes of its reservation, as Naver Pay's does. */
const RESERVATION_LIFETIME_MS = 30 * 60_000;
/** A cancel answered CancelNotComplete is completed by the wallet this long after (server clock). */
export const DEFERRED_CANCEL_COMPLETES_AFTER_MS = 5 * 60_000;

class WalletFault extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

/**
 * The wallet (Naver Pay recurring) on one machine: `POST /{partnerId}/naverpay/payments/...` with form
 * bodies and the client id, secret and chain id headers, answering `{code, message, body}`. Calls
 * carrying an X-NaverPay-Idempotency-Key answer the same thing when repeated. Public documentation
 * shows the paths, fields and the 'Success' code; the cancel's answers (RestAmountDiff,
 * OverRemainAmount, AlreadyCanceled, CancelNotComplete, PreCancelNotComplete) are the wallet's own, as
 * public clients list them; the other failure codes here (Fail for a declined charge, TimeExpired,
 * InvalidReserveId, ...) are the sandbox's stand-ins for ones it does not show. A cancel the developer
 * page defers answers CancelNotComplete and is completed 5 minutes later on the server clock; a cancel
 * asked while one is pending answers PreCancelNotComplete; the payment history
 * (`v2.2/list/history`) lists the approval and the completed cancels.
 */
export class WalletApi {
  constructor(
    private readonly store: SandboxStore,
    private readonly credentials: WalletCredentials,
  ) {}

  /** The page a reservation is registered on (the sandbox's stand-in for Naver Pay's mobile page). */
  reservation(reserveId: string): WalletReservation | undefined {
    return this.store.reservations.get(reserveId);
  }

  /** The registration page's outcome: the query returned to returnUrl. */
  register(reserveId: string, cardNumber: string | undefined): URL {
    const reservation = this.store.reservations.get(reserveId);
    if (!reservation) throw new WalletFault('InvalidReserveId', 'No such reservation', 404);
    const back = new URL(reservation.returnUrl);
    back.searchParams.set('reserveId', reserveId);
    if (cardNumber === undefined) {
      back.searchParams.set('resultCode', 'Fail');
      back.searchParams.set('resultMessage', 'userCancel');
      return back;
    }
    reservation.cardNumber = cardNumber;
    reservation.tempReceiptId = randomId('tmp');
    this.store.save();
    back.searchParams.set('resultCode', WALLET_SUCCESS_CODE);
    back.searchParams.set('tempReceiptId', reservation.tempReceiptId);
    return back;
  }

  /** From /_local/payments: the payment's next cancel answers CancelNotComplete and completes later. */
  deferNextCancel(paymentId: string): boolean {
    const payment = this.store.walletPayments.get(paymentId);
    if (payment?.state !== 'paid') return false;
    payment.deferNextCancel = true;
    this.store.save();
    return true;
  }

  /** Completes the pending cancels whose time has come (the server clock decides). */
  settleDue(): void {
    const now = nowMs();
    let changed = false;
    for (const payment of this.store.walletPayments.values()) {
      for (const cancel of payment.cancels ?? []) {
        if (cancel.state !== 'pending' || (cancel.completeAtMs ?? 0) > now) continue;
        cancel.state = 'done';
        cancel.ymdt = toNaverTime(new Date(now));
        delete cancel.completeAtMs;
        payment.restAmount -= cancel.amount;
        changed = true;
      }
    }
    if (changed) this.store.save();
  }

  async handle(req: IncomingMessage, res: ServerResponse, api: string): Promise<void> {
    const headers = req.headers;
    const reply = (status: number, code: string, message: string, body?: unknown) =>
      sendJson(res, status, { code, message, ...(body === undefined ? {} : { body }) });
    if (
      headers['x-naver-client-id'] !== this.credentials.clientId ||
      headers['x-naver-client-secret'] !== this.credentials.clientSecret ||
      headers['x-naverpay-chain-id'] !== this.credentials.chainId
    ) {
      reply(401, 'AuthFailure', 'Invalid client id, client secret or chain id');
      return;
    }
    this.settleDue();
    const fields = Object.fromEntries(
      Object.entries(await readFields(req)).map(([name, value]) => [name, String(value)]),
    );
    const idempotencyKey = headers['x-naverpay-idempotency-key'];
    const remembered =
      typeof idempotencyKey === 'string' ? this.store.idempotent.get(`${api} ${idempotencyKey}`) : undefined;
    if (remembered) {
      sendJson(res, 200, remembered);
      return;
    }
    let answer: { code: string; message: string; body?: unknown };
    try {
      answer = this.call(api, fields);
    } catch (error) {
      if (!(error instanceof WalletFault)) throw error;
      // A refusal may still have changed something (a cancel the wallet completes later).
      this.store.save();
      reply(error.status, error.code, error.message);
      return;
    }
    if (typeof idempotencyKey === 'string') this.store.idempotent.set(`${api} ${idempotencyKey}`, answer);
    this.store.save();
    // A card whose charges answer late: the charge is made (and remembered), its answer comes late.
    const seconds =
      api === 'recurrent/pay/v3/approval' && this.cardOfPayment(fields.paymentId)?.chargeAnswerSeconds;
    if (seconds) await sleep(seconds * 1000);
    sendJson(res, 200, answer);
  }

  private cardOfPayment(paymentId: string | undefined) {
    const payment = this.store.walletPayments.get(paymentId ?? '');
    const recurrent = payment && this.store.recurrents.get(payment.recurrentId);
    return recurrent && testCard(recurrent.cardNumber);
  }

  private call(
    api: string,
    fields: Record<string, string>,
  ): { code: string; message: string; body?: unknown } {
    const ok = (body: unknown) => ({ code: WALLET_SUCCESS_CODE, message: '', body });
    switch (api) {
      case 'recurrent/regist/v1/reserve': {
        const amount = Number(fields.totalPayAmount);
        if (
          !fields.productCode ||
          !fields.productName ||
          !(amount > 0) ||
          !/^https?:\/\//.test(fields.returnUrl ?? '')
        ) {
          throw new WalletFault(
            'InvalidParameter',
            'productCode, productName, totalPayAmount and returnUrl are required',
          );
        }
        const reserveId = randomId('rsv');
        this.store.reservations.set(reserveId, {
          reserveId,
          productCode: fields.productCode,
          productName: fields.productName,
          totalPayAmount: amount,
          returnUrl: fields.returnUrl as string,
          createdAtMs: nowMs(),
        });
        return ok({ reserveId });
      }
      case 'recurrent/regist/v1/approval': {
        const reservation = this.store.reservations.get(fields.reserveId ?? '');
        if (!reservation) throw new WalletFault('InvalidReserveId', 'No such reservation');
        if (reservation.recurrentId)
          return ok({ recurrentId: reservation.recurrentId, reserveId: reservation.reserveId });
        if (!reservation.tempReceiptId || reservation.tempReceiptId !== fields.tempReceiptId) {
          throw new WalletFault(
            'InvalidTempReceiptId',
            'The registration was not completed on the payment page',
          );
        }
        if (nowMs() - reservation.createdAtMs > RESERVATION_LIFETIME_MS) {
          throw new WalletFault('TimeExpired', 'The registration expired before its approval');
        }
        const recurrentId = randomId('rcr');
        reservation.recurrentId = recurrentId;
        this.store.recurrents.set(recurrentId, {
          recurrentId,
          reserveId: reservation.reserveId,
          productCode: reservation.productCode,
          cardNumber: reservation.cardNumber as string,
          charges: 0,
          expired: false,
        });
        return ok({ recurrentId, reserveId: reservation.reserveId });
      }
      case 'recurrent/pay/v3/reserve': {
        const recurrent = this.activeRecurrent(fields.recurrentId);
        const amount = Number(fields.totalPayAmount);
        if (!(amount > 0) || !fields.merchantPayId) {
          throw new WalletFault('InvalidParameter', 'totalPayAmount and merchantPayId are required');
        }
        for (const payment of this.store.walletPayments.values()) {
          if (payment.merchantPayId === fields.merchantPayId && payment.state !== 'failed') {
            throw new WalletFault('AlreadyOnGoing', `merchantPayId ${fields.merchantPayId} is already used`);
          }
        }
        const paymentId = `${toNaverTime(new Date(nowMs())).slice(0, 8)}NP${randomDigits(10)}`;
        this.store.walletPayments.set(paymentId, {
          paymentId,
          recurrentId: recurrent.recurrentId,
          merchantPayId: fields.merchantPayId,
          merchantUserId: fields.merchantUserId ?? '',
          productName: fields.productName ?? '',
          totalPayAmount: amount,
          restAmount: amount,
          state: 'reserved',
        });
        return ok({ paymentId, recurrentId: recurrent.recurrentId });
      }
      case 'recurrent/pay/v3/approval': {
        const payment = this.store.walletPayments.get(fields.paymentId ?? '');
        if (!payment || payment.recurrentId !== fields.recurrentId) {
          throw new WalletFault('InvalidPaymentId', 'No such reserved payment for this recurrentId');
        }
        if (payment.state !== 'reserved')
          throw new WalletFault('AlreadyComplete', 'The payment was already approved');
        const recurrent = this.activeRecurrent(payment.recurrentId);
        recurrent.charges += 1;
        const decline = chargeDecline(testCard(recurrent.cardNumber), recurrent.charges);
        if (decline) {
          payment.state = 'failed';
          return {
            code: WALLET_DECLINED,
            message: failText(decline),
            body: { paymentId: payment.paymentId, detail: { admissionState: 'FAIL' } },
          };
        }
        payment.state = 'paid';
        payment.admissionYmdt = toNaverTime(new Date(nowMs()));
        return ok({
          paymentId: payment.paymentId,
          detail: {
            paymentId: payment.paymentId,
            payHistId: `${payment.paymentId}H`,
            merchantPayId: payment.merchantPayId,
            merchantUserId: payment.merchantUserId,
            admissionTypeCode: '01',
            admissionYmdt: payment.admissionYmdt,
            tradeConfirmYmdt: payment.admissionYmdt,
            admissionState: 'SUCCESS',
            totalPayAmount: payment.totalPayAmount,
            primaryPayAmount: payment.totalPayAmount,
            npointPayAmount: 0,
            primaryPayMeans: 'CARD',
            cardCorpCode: 'C0',
            cardNo: maskCardNumber(recurrent.cardNumber),
            productName: payment.productName,
          },
        });
      }
      case 'v1/cancel': {
        const payment = this.store.walletPayments.get(fields.paymentId ?? '');
        if (payment?.state !== 'paid') throw new WalletFault('InvalidPaymentId', 'No such paid payment');
        if (payment.cancels?.some((cancel) => cancel.state === 'pending')) {
          throw new WalletFault(
            'PreCancelNotComplete',
            '이전에 요청한 취소가 완료되지 않았습니다. 이전 취소 정보로 다시 요청해 주세요.',
          );
        }
        if (payment.restAmount === 0)
          throw new WalletFault('AlreadyCanceled', '이미 전체 취소된 결제입니다.');
        const amount = Number(fields.cancelAmount);
        if (!(amount > 0) || amount > payment.restAmount) {
          throw new WalletFault('OverRemainAmount', `Up to ${payment.restAmount} can be cancelled`);
        }
        // expectedRestAmount is what remains after this cancel (a full cancel: 0).
        if (
          fields.doCompareRest === '1' &&
          Number(fields.expectedRestAmount) !== payment.restAmount - amount
        ) {
          throw new WalletFault(
            'RestAmountDiff',
            `가맹점의 예상 잔여금액(expectedRestAmount ${fields.expectedRestAmount})과 네이버페이의 잔여금액(${payment.restAmount - amount})이 일치하지 않음`,
          );
        }
        const ymdt = toNaverTime(new Date(nowMs()));
        payment.cancels ??= [];
        if (payment.deferNextCancel) {
          payment.deferNextCancel = false;
          payment.cancels.push({
            amount,
            state: 'pending',
            ymdt,
            completeAtMs: nowMs() + DEFERRED_CANCEL_COMPLETES_AFTER_MS,
          });
          throw new WalletFault(
            'CancelNotComplete',
            '취소 처리가 완료되지 않았습니다. 빠른 시일 내에 자동으로 다시 처리됩니다.',
          );
        }
        payment.cancels.push({ amount, state: 'done', ymdt });
        payment.restAmount -= amount;
        return ok({
          paymentId: payment.paymentId,
          payHistId: `${payment.paymentId}C${randomDigits(4)}`,
          primaryPayMeans: 'CARD',
          primaryPayRestAmount: payment.restAmount,
          npointRestAmount: 0,
          totalRestAmount: payment.restAmount,
          cancelYmdt: toNaverTime(new Date(nowMs())),
          totalPayAmount: payment.totalPayAmount,
        });
      }
      case 'v2.2/list/history': {
        const payment = this.store.walletPayments.get(fields.paymentId ?? '');
        if (payment?.state !== 'paid') throw new WalletFault('InvalidPaymentId', 'No such paid payment');
        const item = (admissionTypeCode: string, amount: number, ymdt: string) => ({
          paymentId: payment.paymentId,
          merchantPayKey: payment.merchantPayId,
          merchantUserKey: payment.merchantUserId,
          admissionTypeCode,
          admissionYmdt: ymdt,
          admissionState: 'SUCCESS',
          totalPayAmount: amount,
          primaryPayMeans: 'CARD',
          productName: payment.productName,
        });
        const done = (payment.cancels ?? []).filter((cancel) => cancel.state === 'done');
        const list = [
          item('01', payment.totalPayAmount, payment.admissionYmdt ?? ''),
          ...done.map((cancel, index) =>
            item(
              payment.restAmount === 0 && index === done.length - 1 ? '03' : '04',
              cancel.amount,
              cancel.ymdt,
            ),
          ),
        ];
        return ok({ responseCount: list.length, totalCount: list.length, totalPageCount: 1, list });
      }
      case 'recurrent/expire/v1/request': {
        const recurrent = this.activeRecurrent(fields.recurrentId);
        recurrent.expired = true;
        return ok({ recurrentId: recurrent.recurrentId });
      }
      default:
        throw new WalletFault('NotFound', `No wallet API ${api} in the sandbox`, 404);
    }
  }

  private activeRecurrent(recurrentId: string | undefined) {
    const recurrent = this.store.recurrents.get(recurrentId ?? '');
    if (!recurrent) throw new WalletFault('InvalidRecurrentId', 'No such recurrentId');
    if (recurrent.expired) throw new WalletFault('RecurrentExpired', 'The recurring registration was ended');
    return recurrent;
  }
}
