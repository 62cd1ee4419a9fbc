import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { type PayMethod, WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { maskedAccount, type RefundAccount } from '../../../shared/refunds/refund-account.ts';
import { estimateRefund, type RefundEstimate } from '../../../shared/refunds/refund-rules.ts';
import {
  PRODUCT_REFUND_SOURCE,
  type RefundEstimateInfo,
  type RefundSource,
} from '../../../shared/refunds/refund-session.ts';
import {
  type CancelKind,
  cancelKind,
  type RefundDecision,
  type RefundWay,
  refundDecision,
  wayFor,
} from '../../../shared/refunds/refund-ways.ts';
import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { WalletError } from '../adapters/payment-provider/naver-pay.ts';
import {
  cancelPayment,
  getPayment as lookUpProviderPayment,
  PaymentProviderError,
} from '../adapters/payment-provider/portone.ts';
import { cashReceiptAfterRefund } from '../cash-receipts/cash-receipts.ts';
import { nowMs } from '../clock.ts';
import { raiseCase } from '../data/attention-repository.ts';
import { getOrder } from '../data/order-reads.ts';
import { getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { recordRefund, type TransferOwed } from '../data/refund-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import {
  currentPlanState,
  getPayment,
  latestUserPlan,
  type Payment,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { sendCustomerMail } from '../mails/customer-mails.ts';
import { cancelPendingRenewals } from '../subscriptions/renewal-schedule.ts';
import { unsubscribePlan } from '../subscriptions/subscription-status.ts';
import { usageStanding } from '../usage/usage-standing.ts';
import { holidaysFor } from './holidays.ts';
import { refundRefusalOf } from './provider-refusals.ts';
import {
  allowanceShare,
  monthlyListPrice,
  movedNoMoneyOfItsOwn,
  refundAmountAllowed,
  refundDay,
  refundedSince,
  refundFigures,
} from './refund-amounts.ts';
import { refundThroughWallet } from './wallet-refunds.ts';

/**
 * The one refund engine (shared/refunds/refund-rules.ts holds the policy): the estimate of the
 * account's current plan for a request at a moment, and the refund itself, for the customer's
 * user-refund calls and the operator's admin-refund-info and cancel-payment alike.
 */
export interface RefundQuote {
  plan: UserPlan;
  payment: Payment;
  estimate: RefundEstimate;
  /** What the plan's payment can still return. */
  refundable: number;
  isUpgrade: boolean;
  /** How a refund goes back, for a cancel of the whole price and of a part (shared/refunds/refund-ways.ts). */
  decisions: Record<CancelKind, RefundDecision>;
  /** The way the estimate's own amount goes back (the customer's; the console's preselected one). */
  refundSource: RefundSource;
}

/** The plan a refund is about (the latest, while the refund button would show), and its payment. */
async function refundablePlan(uid: string, at: number): Promise<{ plan: UserPlan; payment: Payment }> {
  const plan = await latestUserPlan(uid);
  if (!plan || !planActions(plan, at).refund) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account has no plan to refund');
  }
  const payment = await getPayment(plan.paidMerchantUid ?? plan.planId);
  if (!payment) throw new PaymentError('USER_NOT_SUBSCRIBED', 'The plan has no payment to refund');
  // A refund moves the payment and ends the plan in one transaction, but the two are read one after the
  // other: a plan read before another request's refund and its payment read after it is a plan that has
  // just ended, not one whose estimate changed (a concurrent click was told INVALID_PRICE).
  if (payment.cancelledAmount > 0)
    throw new PaymentError(
      'USER_NOT_SUBSCRIBED',
      "The plan's payment was refunded; no plan is left to refund",
    );
  return { plan, payment };
}

export async function quoteRefund(input: {
  uid: string;
  requestedMs: number;
  /** Count the request on its business day (the default; the console turns it off for a chosen date). */
  businessDay?: boolean;
}): Promise<RefundQuote> {
  const at = nowMs();
  const { plan, payment } = await refundablePlan(input.uid, at);
  const { planValue, refundable, isUpgrade } = refundFigures(payment, await getOrder(payment.merchantUid));
  const holidays = input.businessDay === false ? undefined : await holidaysFor(input.requestedMs);
  const estimate = estimateRefund({
    period: plan.period,
    currency: plan.currency,
    paidAtMs: plan.paidAt,
    expiredAtMs: plan.expiredAt,
    planValue,
    refundable,
    monthlyListPrice: monthlyListPrice((await getPlanCatalogue(plan.catalogue)).prices, plan),
    allowanceShare: allowanceShare(await usageStanding(input.uid, at)),
    refundDay: refundDay(input.requestedMs, holidays),
  });
  const decisions = {
    whole: refundDecision(payment, 'whole', at),
    part: refundDecision(payment, 'part', at),
  };
  const own = decisions[cancelKind(payment, estimate.estimatedRefundPrice)].ways[0];
  // A refund nothing can take keeps its payment's own way as the one named.
  const refundSource = own?.source ?? decisions.whole.ways[0]?.source ?? 'portone';
  return { plan, payment, estimate, refundable, isUpgrade, decisions, refundSource };
}

export interface RefundRequest {
  uid: string;
  price: number;
  reason: string;
  refundSource: RefundSource;
  /** The customer's bank account, where the way needs one. */
  refundAccount?: RefundAccount | undefined;
  /** Who asked: 'user', or the operator's e-mail. */
  requestedBy: string;
  operator?: Operator | undefined;
}

export type RefundOutcome =
  | {
      kind: 'refunded';
      amount: number;
      refundSource: RefundSource;
      /** A refund owed by bank transfer: where it goes, masked. */
      transferTo?: ReturnType<typeof maskedAccount> | undefined;
    }
  | { kind: 'unsubscribed' };

/**
 * The way a refund of `price` through `source` takes, as the decision allows it: refused (why), through
 * another way than the allowed ones, or without the account it needs, it is refused here, before any
 * money moves.
 */
export function allowedWay(
  quote: Pick<RefundQuote, 'payment' | 'decisions'>,
  request: Pick<RefundRequest, 'price' | 'refundSource' | 'refundAccount'>,
): RefundWay {
  const decision = quote.decisions[cancelKind(quote.payment, request.price)];
  if (decision.refusal)
    throw new PaymentError('REFUND_NOT_POSSIBLE', `This refund cannot be made here (${decision.refusal})`, {
      refusal: decision.refusal,
    });
  const way = wayFor(decision, request.refundSource);
  if (!way)
    throw new PaymentError(
      'INVALID_ARGUMENT',
      `This payment cannot be refunded through ${request.refundSource}`,
      {
        ...(decision.ownWayClosed ? { ownWayClosed: decision.ownWayClosed } : {}),
      },
    );
  if (way.account === 'required' && !request.refundAccount)
    throw new PaymentError('REFUND_ACCOUNT_REQUIRED', 'This refund goes to a bank account: give the account');
  return way;
}

/**
 * Another refund of the same payment went through first (a second click, the customer and an
 * operator at once): this one moved no money. `amount` is what the other returned.
 */
export class RefundedMeanwhile extends PaymentError {
  constructor(readonly amount: number) {
    super(
      'ABNORMAL_PAYMENT_STATUS',
      `The payment was refunded meanwhile by another request (${amount}); nothing more was refunded`,
    );
  }
}

/**
 * Refunds the account's current plan by `price` (checked against `quote`: the customer's must be the
 * estimate, an operator's at most what the payment can return) and ends the plan now; a price of zero
 * unsubscribes instead. The provider's cancel carries the amount still cancellable as its checksum, so a
 * second refund computed on the same figures is refused by the provider; the record then moves the
 * payment's cancelled amount from those same figures.
 */
export async function refundPlan(
  request: RefundRequest,
  quote: RefundQuote,
  priceRule: 'estimate' | 'at-most-refundable',
): Promise<RefundOutcome> {
  const { plan, refundable } = quote;
  const allowed = refundAmountAllowed(
    request.price,
    { estimatedRefundPrice: quote.estimate.estimatedRefundPrice, refundable, currency: plan.currency },
    priceRule,
  );
  if (!allowed) throw new PaymentError('INVALID_PRICE', 'The refund amount is not the one this plan allows');
  if (request.price === 0) {
    await unsubscribePlan({ uid: request.uid, requestedBy: request.requestedBy, operator: request.operator });
    return { kind: 'unsubscribed' };
  }
  const way = allowedWay(quote, request);
  // A bank transfer moves no money now: it is owed, listed for an operator, and the account kept until paid.
  const transfer: TransferOwed | undefined =
    way.source === PRODUCT_REFUND_SOURCE && request.refundAccount
      ? { account: request.refundAccount, requestedBy: request.requestedBy, reason: request.reason }
      : undefined;
  try {
    await returnMoney(request, quote, way);
  } catch (error) {
    // The provider refuses the loser of two refunds computed on the same figures (its checksum, or
    // "already fully cancelled"): that is another refund having been made, not a failure.
    const refused = error instanceof PaymentProviderError || error instanceof WalletError;
    const meanwhile = refused ? await refundedSinceQuote(request, quote) : 0;
    if (meanwhile > 0) throw new RefundedMeanwhile(meanwhile);
    throw refundRefusalOf(error) ?? error;
  }
  const endedAt = await recordReturned(request, quote, transfer);
  // A transfer's receipt follows when the transfer is paid (refund-transfers.ts).
  if (!transfer) await cashReceiptAfterRefund(quote.payment.merchantUid);
  await cancelPendingRenewals(plan);
  await mailRefund(request, quote, endedAt, transfer);
  logger.info('Refunded', {
    uid: plan.uid,
    merchantUid: quote.payment.merchantUid,
    amount: request.price,
    refundSource: way.source,
  });
  return {
    kind: 'refunded',
    amount: request.price,
    refundSource: way.source,
    ...(transfer ? { transferTo: maskedAccount(transfer.account) } : {}),
  };
}

/**
 * Tells the customer of a refund, once: the refund is the payment's step from the cancelled amount it
 * was computed on (two refunds of one payment never share it).
 */
async function mailRefund(
  request: RefundRequest,
  quote: RefundQuote,
  endedAt: number,
  transfer: TransferOwed | undefined,
): Promise<void> {
  const { plan, payment } = quote;
  await sendCustomerMail({
    uid: plan.uid,
    eventId: `${payment.merchantUid}-${payment.cancelledAmount}`,
    fallback: { email: payment.userEmail, language: DEFAULT_LANGUAGE },
    phone: payment.userPhone,
    mail: {
      kind: 'refund-made',
      planType: plan.planType,
      amount: request.price,
      currency: plan.currency,
      refundedTo: transfer
        ? 'bank-transfer'
        : request.refundSource === 'naver_pay'
          ? WALLET_PAY_METHOD
          : (payment.payMethod as PayMethod),
      ...(transfer ? { transferTo: maskedAccount(transfer.account).accountMasked } : {}),
      endedAt,
    },
  });
}

/**
 * The money returned its way. A wallet refund Naver Pay completes later counts as made: it is recorded
 * as the others, and its pending state is its own case, re-checked until the money is back
 * (wallet-refunds.ts). A deposit's refund through the provider goes to the customer's account.
 */
async function returnMoney(request: RefundRequest, quote: RefundQuote, way: RefundWay): Promise<void> {
  const { payment, refundable, plan } = quote;
  // A bank transfer from the product's account: owed, paid by an operator (refund-transfers.ts).
  if (way.source === PRODUCT_REFUND_SOURCE) return;
  if (request.refundSource === 'naver_pay') {
    if (!payment.walletPaymentId)
      throw new PaymentError('INVALID_ARGUMENT', 'The payment was not made by the wallet');
    await refundThroughWallet({
      paymentId: payment.walletPaymentId,
      amount: request.price,
      reason: request.reason,
      cancellable: refundable,
      about: {
        uid: plan.uid,
        userEmail: payment.userEmail,
        merchantUid: payment.merchantUid,
        planId: plan.planId,
        planName: plan.planName,
        currency: plan.currency,
      },
    });
    return;
  }
  if (!payment.impUid) throw new PaymentError('INVALID_ARGUMENT', 'The payment was not made at the provider');
  const account = way.account === 'required' ? request.refundAccount : undefined;
  await cancelPayment({
    impUid: payment.impUid,
    amount: request.price,
    checksum: refundable,
    reason: request.reason,
    ...(account
      ? { refundAccount: { holder: account.holder, bank: account.bankCode, account: account.accountNumber } }
      : {}),
  });
}

/**
 * What the payment returned since the quote was taken, by its own record: the provider's for a
 * provider payment (ours may not have caught up with the other refund yet), ours for the others.
 */
async function refundedSinceQuote(request: RefundRequest, quote: RefundQuote): Promise<number> {
  const { payment } = quote;
  const current =
    request.refundSource === 'portone' && payment.impUid
      ? (await lookUpProviderPayment(payment.impUid))?.cancelledAmount
      : (await getPayment(payment.merchantUid))?.cancelledAmount;
  return refundedSince(payment.cancelledAmount, current, payment.currency);
}

/** Records a refund that went through (or a transfer owed); answers when the plan ended. */
async function recordReturned(
  request: RefundRequest,
  quote: RefundQuote,
  transfer: TransferOwed | undefined,
): Promise<number> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { plan, head } = await currentPlanState(request.uid);
    if (!plan || !head || plan.planId !== quote.plan.planId) break;
    const recordedMeanwhile = await refundRecordedMeanwhile(request, quote);
    if (recordedMeanwhile !== undefined) throw new RefundedMeanwhile(recordedMeanwhile);
    const refundedAt = nowMs();
    const endedAt = Math.min(refundedAt, plan.expiredAt);
    const outcome = await recordRefund({
      payment: quote.payment,
      amount: request.price,
      plan,
      head,
      endedAt,
      source: request.refundSource,
      refundedAt,
      transfer,
    });
    if (outcome === 'recorded') {
      if (request.operator) {
        await recordUserActivity({
          uid: request.uid,
          action: 'payment.refund',
          desc: `${request.price} ${plan.currency} (${request.refundSource}): ${request.reason}`,
          operator: request.operator,
        });
      }
      return endedAt;
    }
  }
  // The money went back but the record did not follow (another refund of the payment was recorded
  // first, such as an operator's to the product account): returned twice, listed for an operator.
  logger.error('Refund paid but not recorded', { uid: request.uid, merchantUid: quote.payment.merchantUid });
  await raiseCase({
    caseId: attentionCaseId(
      'refund_unrecorded',
      `${quote.payment.merchantUid}/${quote.payment.cancelledAmount}/${request.refundSource}`,
    ),
    kind: 'refund_unrecorded',
    uid: request.uid,
    userEmail: quote.payment.userEmail,
    merchantUid: quote.payment.merchantUid,
    planId: quote.plan.planId,
    planName: quote.plan.planName,
    amount: request.price,
    currency: quote.plan.currency,
    reason: `Refunded through ${request.refundSource} after another refund of the payment was recorded`,
    refundSources: [],
  });
  throw new PaymentError('DB_ERROR', 'The refund went through but could not be recorded');
}

/**
 * A refund another request recorded since the quote, when this one moved no money of its own: a
 * refund to the product account moves none, and a wallet refund with the same figures is the same
 * request to the wallet (its idempotency key), answered again. Anything else that moved the payment
 * meanwhile leaves this refund paid and unrecorded, for an operator.
 */
async function refundRecordedMeanwhile(
  request: RefundRequest,
  quote: RefundQuote,
): Promise<number | undefined> {
  const current = await getPayment(quote.payment.merchantUid);
  const recorded = refundedSince(
    quote.payment.cancelledAmount,
    current?.cancelledAmount,
    quote.plan.currency,
  );
  return recorded > 0 && movedNoMoneyOfItsOwn(request, recorded, quote.plan.currency) ? recorded : undefined;
}

/** A quote as the refund screens read it (the refund session without the e-mail). */
export function estimateView(quote: RefundQuote): RefundEstimateInfo {
  const { plan, payment, estimate, decisions } = quote;
  return {
    paidAt: plan.paidAt,
    planName: plan.planName,
    price: payment.price,
    currency: plan.currency,
    usedPeriod: estimate.usedPeriod,
    estimatedRefundPrice: estimate.estimatedRefundPrice,
    fixedPrice: estimate.fixedPrice,
    isFullRefund: estimate.isFullRefund,
    planType: plan.planType,
    period: plan.period,
    isDaily: estimate.isDaily,
    isUpgrade: quote.isUpgrade,
    refundSource: quote.refundSource,
    pg: payment.pg,
    payMethod: payment.payMethod,
    refundable: quote.refundable,
    refundWays: decisions,
  };
}
