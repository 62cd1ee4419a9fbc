import * as z from 'zod';
import { parseFailReason } from '../../../../shared/payments/card-failures.ts';
import { WALLET_SUCCESS_CODE } from '../../../../shared/payments/checkout-contract.ts';
import { PaymentError } from '../../errors.ts';
import { logger } from '../../logger.ts';
import { requiredEnvironment } from '../../settings.ts';
import { exchange } from '../outside-http.ts';
import { serviceCredentials } from '../service-credentials.ts';

/**
 * The wallet: Naver Pay recurring payments, through Naver Pay's partner API. Every call is a form POST
 * to `{NAVER_PAY_API_URL}/naverpay/payments/...` (NAVER_PAY_API_URL includes the partner id, e.g.
 * https://dev.apis.naver.com/np_abcde), authenticated by the X-Naver-Client-Id, X-Naver-Client-Secret
 * and X-NaverPay-Chain-Id headers, and answers `{code, message, body}` with code 'Success' on success
 * (the same code the registration page returns in resultCode).
 * Credentials: NAVER_PAY_CLIENT_ID, NAVER_PAY_CLIENT_SECRET and NAVER_PAY_CHAIN_ID, or in AWS
 * NAVER_PAY_SECRET_ARN (JSON {clientId, clientSecret, chainId}).
 *
 * The flow: reserve a registration (reserveId) -> the customer registers on Naver Pay's page, which
 * returns to returnUrl with resultCode, reserveId and tempReceiptId -> approve the registration
 * (recurrentId) -> charge the recurrentId now and at every renewal or upgrade.
 */
/** The code of a charge the card company refused (the message carries the PG code, "[CC66] ..."). */
export const WALLET_DECLINED = 'Fail';

/** A failed call to the wallet: the wallet API error to the customer, with the API's own message. */
export class WalletError extends PaymentError {
  constructor(
    readonly walletCode: string | undefined,
    message: string,
  ) {
    super('NAVER_PAY_API_ERROR', message, { walletCode });
  }
}

const Answer = z.looseObject({
  code: z.string(),
  message: z.string().nullable().optional(),
  body: z.unknown().optional(),
});

function apiUrl(): string {
  return requiredEnvironment('NAVER_PAY_API_URL').replace(/\/$/, '');
}

async function post(
  api: string,
  form: Record<string, string | number | undefined>,
  idempotencyKey?: string,
  encoding: 'form' | 'json' = 'form',
): Promise<z.infer<typeof Answer>> {
  const credentials = await serviceCredentials('NAVER_PAY_SECRET_ARN', {
    clientId: 'NAVER_PAY_CLIENT_ID',
    clientSecret: 'NAVER_PAY_CLIENT_SECRET',
    chainId: 'NAVER_PAY_CHAIN_ID',
  });
  const fields = Object.entries(form).filter(([, value]) => value !== undefined);
  const body =
    encoding === 'json'
      ? JSON.stringify(Object.fromEntries(fields))
      : new URLSearchParams(fields.map(([name, value]) => [name, String(value)])).toString();
  let answer: { status: number; body: unknown };
  try {
    answer = await exchange(`${apiUrl()}/naverpay/payments/${api}`, {
      method: 'POST',
      headers: {
        'content-type':
          encoding === 'json' ? 'application/json' : 'application/x-www-form-urlencoded; charset=utf-8',
        'x-naver-client-id': credentials.clientId,
        'x-naver-client-secret': credentials.clientSecret,
        'x-naverpay-chain-id': credentials.chainId,
        ...(idempotencyKey ? { 'x-naverpay-idempotency-key': idempotencyKey } : {}),
      },
      body,
    });
  } catch (error) {
    logger.warn('Wallet unreachable', { api, error });
    throw new WalletError(undefined, `Naver Pay is unreachable (${(error as Error).message})`);
  }
  const parsed = Answer.safeParse(answer.body);
  if (!parsed.success) throw new WalletError(undefined, `Naver Pay answered HTTP ${answer.status}`);
  return parsed.data;
}

function succeeded<T extends z.ZodType>(answer: z.infer<typeof Answer>, schema: T): z.output<T> {
  if (answer.code !== WALLET_SUCCESS_CODE) throw new WalletError(answer.code, answer.message ?? answer.code);
  const body = schema.safeParse(answer.body);
  if (!body.success) throw new WalletError(answer.code, 'Naver Pay answered without the expected body');
  return body.data;
}

/**
 * Reserves a recurring registration; the customer then opens Naver Pay's page for the reserveId
 * (the web's payment-provider module knows its address).
 */
export async function reserveRecurrentRegistration(input: {
  /** Our product code of what recurs (the plan name). */
  productCode: string;
  productName: string;
  /** The amount each charge will be, shown to the customer on the registration page. */
  totalPayAmount: number;
  returnUrl: string;
}): Promise<{ reserveId: string }> {
  const answer = await post('recurrent/regist/v1/reserve', { ...input, actionType: 'NEW' });
  const { reserveId } = succeeded(answer, z.looseObject({ reserveId: z.string() }));
  return { reserveId };
}

/** Completes a registration with what Naver Pay's page returned; the recurrentId is what is charged. */
export async function approveRecurrentRegistration(input: {
  reserveId: string;
  tempReceiptId: string;
}): Promise<{ recurrentId: string }> {
  const answer = await post('recurrent/regist/v1/approval', input, `approve-${input.reserveId}`);
  const { recurrentId } = succeeded(answer, z.looseObject({ recurrentId: z.string() }));
  return { recurrentId };
}

export type WalletCharge =
  | { status: 'paid'; paymentId: string; amount: number; paidAt: Date }
  | { status: 'failed'; paymentId: string; failure: { code?: string; message: string } };

/**
 * Charges a registered recurring payment: the first payment after the registration, a renewal, or an
 * upgrade (the upgrade's own amount and merchant uid). Reserve and approval carry idempotency keys
 * derived from the merchant uid, so a retried call is the same charge with the same outcome; a new
 * attempt after a decline needs a new merchant uid. A card the company refuses is a 'failed' charge,
 * not an error.
 */
export async function chargeRecurrent(input: {
  recurrentId: string;
  amount: number;
  productName: string;
  /** The merchant uid of this charge. */
  merchantPayId: string;
  /** Our customer's id at Naver Pay (the account uid). */
  merchantUserId: string;
}): Promise<WalletCharge> {
  const reserved = succeeded(
    await post(
      'recurrent/pay/v3/reserve',
      {
        recurrentId: input.recurrentId,
        totalPayAmount: input.amount,
        taxScopeAmount: input.amount,
        taxExScopeAmount: 0,
        productName: input.productName,
        merchantPayId: input.merchantPayId,
        merchantUserId: input.merchantUserId,
      },
      `reserve-${input.merchantPayId}`,
    ),
    z.looseObject({ paymentId: z.string() }),
  );
  const approval = await post(
    'recurrent/pay/v3/approval',
    { recurrentId: input.recurrentId, paymentId: reserved.paymentId },
    `approve-${reserved.paymentId}`,
  );
  if (approval.code === WALLET_DECLINED) {
    return { status: 'failed', paymentId: reserved.paymentId, failure: parseFailReason(approval.message) };
  }
  const approved = succeeded(
    approval,
    z.looseObject({
      paymentId: z.string(),
      detail: z.looseObject({ totalPayAmount: z.number(), admissionYmdt: z.string() }),
    }),
  );
  return {
    status: 'paid',
    paymentId: approved.paymentId,
    amount: approved.detail.totalPayAmount,
    paidAt: fromNaverTime(approved.detail.admissionYmdt),
  };
}

/** The cancel's answers that mean the refund completes later: the wallet finishes it, or a cancel before it. */
export const WALLET_REFUND_PENDING_CODES = ['CancelNotComplete', 'PreCancelNotComplete'] as const;
export type WalletRefundPendingCode = (typeof WALLET_REFUND_PENDING_CODES)[number];
/** The cancel's answer when nothing is left to cancel: the refund is done. */
const ALREADY_CANCELED = 'AlreadyCanceled';

export type WalletRefund =
  | { status: 'refunded'; paymentId: string; restAmount: number }
  | { status: 'pending'; paymentId: string; code: WalletRefundPendingCode };

/**
 * Refunds a wallet payment fully or partly. `cancellable` is what the caller knows to be still
 * cancellable before this refund; the wallet is told what must remain after it (`expectedRestAmount`:
 * 1000 paid, 200 refunded -> 800; a full refund -> 0) and refuses the refund (RestAmountDiff) when its
 * own rest differs, so a refund computed from stale figures is never paid. Sources: Naver Pay's
 * partner API (v1/cancel with doCompareRest=1); a public PHP client documents the example in its
 * comment, a public Java client lists RestAmountDiff ("가맹점의 예상 잔여금액(expectedRestAmount)과
 * 네이버페이의 잔여금액이 일치하지 않음"). The idempotency key makes a retried identical refund answer
 * the same instead of refunding twice (`attempt` makes a new request of the same refund, when the
 * wallet asked for it again).
 *
 * Besides Success, the same public clients list the answers of a refund that is not done at once:
 * `CancelNotComplete` (the wallet completes it later by itself) and `PreCancelNotComplete` (a cancel
 * before it is not complete yet: this one is to be asked again), both pending here; and `AlreadyCanceled`
 * (nothing left to cancel), which is done.
 */
export async function cancelWalletPayment(input: {
  paymentId: string;
  amount: number;
  reason: string;
  /** What is still cancellable before this refund, as the caller's records say. */
  cancellable: number;
  attempt?: number;
}): Promise<WalletRefund> {
  const expectedRestAmount = input.cancellable - input.amount;
  const answer = await post(
    'v1/cancel',
    {
      paymentId: input.paymentId,
      cancelAmount: input.amount,
      cancelReason: input.reason,
      cancelRequester: 2,
      taxScopeAmount: input.amount,
      taxExScopeAmount: 0,
      doCompareRest: 1,
      expectedRestAmount,
    },
    `cancel-${input.paymentId}-${expectedRestAmount}-${input.amount}${input.attempt ? `-${input.attempt}` : ''}`,
  );
  if (answer.code === ALREADY_CANCELED)
    return { status: 'refunded', paymentId: input.paymentId, restAmount: 0 };
  const pending = WALLET_REFUND_PENDING_CODES.find((code) => code === answer.code);
  if (pending) {
    logger.warn('Wallet refund pending', { paymentId: input.paymentId, code: pending });
    return { status: 'pending', paymentId: input.paymentId, code: pending };
  }
  const body = succeeded(answer, z.looseObject({ paymentId: z.string(), totalRestAmount: z.number() }));
  return { status: 'refunded', paymentId: body.paymentId, restAmount: body.totalRestAmount };
}

const HistoryItem = z.looseObject({
  paymentId: z.string(),
  /** 01 an approval, 03 a full cancel, 04 a partial cancel. */
  admissionTypeCode: z.string(),
  admissionState: z.string(),
  totalPayAmount: z.number(),
});
const CANCEL_TYPE_CODES = ['03', '04'];

/**
 * What is left of a wallet payment by its history (`v2.2/list/history`, JSON, as public clients call
 * it): its successful approvals less its successful cancels. A refund the wallet completes later shows
 * here once it is done.
 */
export async function walletRestAmount(paymentId: string): Promise<number> {
  const body = succeeded(
    await post('v2.2/list/history', { paymentId }, undefined, 'json'),
    z.looseObject({ list: z.array(HistoryItem) }),
  );
  let rest = 0;
  for (const item of body.list) {
    if (item.paymentId !== paymentId || item.admissionState !== 'SUCCESS') continue;
    rest += CANCEL_TYPE_CODES.includes(item.admissionTypeCode) ? -item.totalPayAmount : item.totalPayAmount;
  }
  return rest;
}

/** Ends a recurring registration (unsubscribe): nothing more can be charged on it. */
export async function expireRecurrent(input: { recurrentId: string; reason: string }): Promise<void> {
  succeeded(
    await post('recurrent/expire/v1/request', {
      recurrentId: input.recurrentId,
      expireRequester: 2,
      expireReason: input.reason,
    }),
    z.looseObject({ recurrentId: z.string() }),
  );
}

/** Naver Pay writes times as yyyyMMddHHmmss in KST. */
export function fromNaverTime(value: string): Date {
  const [, y, mo, d, h, mi, s] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value) ?? [];
  if (!y) throw new WalletError(undefined, `Naver Pay answered an unreadable time ${value}`);
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+09:00`);
}

export function toNaverTime(date: Date): string {
  const kst = new Date(date.getTime() + 9 * 3_600_000).toISOString();
  return kst.slice(0, 19).replace(/[-:T]/g, '');
}
