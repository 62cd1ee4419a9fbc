import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { type Currency, toMinorUnits } from '../../../shared/currency.ts';
import type { ServerErrorType } from '../../../shared/errors/catalogue.ts';
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
  type RefundChooser,
  type RefundDecision,
  type RefundWay,
  refundDecision,
  wayFor,
} from '../../../shared/refunds/refund-ways.ts';
import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { WalletError } from '../adapters/payment-provider/naver-pay.ts';
import { cancelPayment, getPayment as lookUpProviderPayment } from '../adapters/payment-provider/portone.ts';
import { cashReceiptAfterRefund } from '../cash-receipts/cash-receipts.ts';
import { nowMs } from '../clock.ts';
import { raiseCase } from '../data/attention-repository.ts';
import { getOrder } from '../data/order-reads.ts';
import { getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import {
  getRefund,
  listRefunds,
  type NewRefund,
  type Refund,
  recordRefundMade,
  refundOfRequest,
  refuseRefund,
  settleRefund,
  startRefund,
} from '../data/refund-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import {
  getPayment,
  getUserPlan,
  getUserPlanHead,
  latestUserPlan,
  type Payment,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { type MailOutcome, sendCustomerMail } from '../mails/customer-mails.ts';
import { cancelPendingRenewals } from '../subscriptions/renewal-schedule.ts';
import { unsubscribePlan } from '../subscriptions/subscription-status.ts';
import { usageStanding } from '../usage/usage-standing.ts';
import { holidaysFor } from './holidays.ts';
import { refundRefusalOf } from './provider-refusals.ts';
import {
  allowanceShare,
  monthlyListPrice,
  refundAmountAllowed,
  refundDay,
  refundFigures,
} from './refund-amounts.ts';
import { scheduleRefundRecheck } from './refund-recheck-schedule.ts';
import { noteRefundWay } from './refund-way-choice.ts';
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
  /** Who chooses the way (refund-ways.ts): the customer's page by default. */
  chooser?: RefundChooser;
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
    whole: refundDecision(payment, 'whole', at, input.chooser),
    part: refundDecision(payment, 'part', at, input.chooser),
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
  /**
   * The request's own key (the customer's refund session, the console's refund dialog): the same request
   * pressed again answers the refund it started instead of starting another.
   */
  requestKey: string;
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
  constructor(readonly made: Extract<RefundOutcome, { kind: 'refunded' }>) {
    super(
      'ABNORMAL_PAYMENT_STATUS',
      `The payment was refunded meanwhile by another request (${made.amount}); nothing more was refunded`,
    );
  }
}

/**
 * Refunds the account's current plan by `price` (checked against `quote`: the customer's must be the
 * estimate, an operator's at most what the payment can return) and ends the plan now; a price of zero
 * unsubscribes instead. Money is safe wherever this stops (docs/after-purchase.md, "A refund that
 * stops half-way"): the refund's re-check is scheduled, then the refund is written (started) on the
 * payment's step, and only then is the money asked back; finishRefund completes it, here or in any
 * later attempt. Two requests computed on the same figures make one refund: the other request's refund
 * is finished and this one answers RefundedMeanwhile.
 */
export async function refundPlan(
  request: RefundRequest,
  quote: RefundQuote,
  priceRule: 'estimate' | 'at-most-refundable',
): Promise<RefundOutcome> {
  const { plan, payment, refundable } = quote;
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
  noteRefundWay(quote, request, way);
  const transfer = way.source === PRODUCT_REFUND_SOURCE;
  const account = way.account === 'required' || transfer ? request.refundAccount : undefined;
  const refund: NewRefund = {
    merchantUid: payment.merchantUid,
    step: payment.cancelledAmount,
    uid: request.uid,
    planId: plan.planId,
    planExpiredAt: plan.expiredAt,
    amount: request.price,
    currency: plan.currency,
    source: way.source,
    transfer,
    refundable,
    reason: request.reason,
    requestedBy: request.requestedBy,
    ...(request.operator ? { operatorUid: request.operator.uid } : {}),
    requestKey: request.requestKey,
    ...(account
      ? { refundAccount: { ...account }, transferTo: transfer ? maskedAccount(account) : undefined }
      : {}),
  };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const other = await getRefund(refund.merchantUid, refund.step);
    if (other && other.status !== 'refused') return answerOther(request, other);
    await scheduleRefundRecheck(refund, 0);
    if (await startRefund(refund, nowMs())) return finishRefund({ ...refund, status: 'started' } as Refund);
  }
  throw new PaymentError('DB_ERROR', `The refund of ${refund.merchantUid} could not be started`);
}

/**
 * The refund of the same step another request started, finished: this request's answer when it is the
 * same request (pressed twice at once), else RefundedMeanwhile.
 */
async function answerOther(request: RefundRequest, other: Refund): Promise<RefundOutcome> {
  const made = await finishRefund(other);
  if (other.requestKey === request.requestKey) return made;
  throw new RefundedMeanwhile(made);
}

/** The refund a request started and did not see refused: pressing again answers it. */
export async function startedRefundOf(requestKey: string): Promise<Refund | undefined> {
  const refund = await refundOfRequest(requestKey);
  return refund && refund.status !== 'refused' ? refund : undefined;
}

/**
 * Finishes a refund from wherever its last attempt stopped, and answers it: the money asked back unless
 * the provider (or the wallet) already shows it back, the records written once, then what follows (the
 * cash receipt, the renewals cancelled, the mail) until the refund is settled. The provider is the truth
 * for money: its cancel carries the amount the payment could still return as its checksum, and the
 * wallet's the rest it expects, so a refund asked again after it went through is refused, never paid
 * twice. An answer that never came (a time-out) leaves the refund started for its re-check; a refusal
 * ends it refused with the provider's words, and frees the payment's step for another refund.
 */
export async function finishRefund(refund: Refund): Promise<Extract<RefundOutcome, { kind: 'refunded' }>> {
  let current = refund;
  if (current.status === 'started') {
    const payment = await getPayment(current.merchantUid);
    if (!payment) throw new PaymentError('DB_ERROR', `No payment ${current.merchantUid} for its refund`);
    if (!current.transfer) await returnMoney(current, payment);
    current = await recordMade(current, payment);
  }
  if (current.status === 'refused') throw refusalOf(current);
  if (current.settledAt === undefined) await afterRefundMade(current);
  return outcomeOf(current);
}

/**
 * Finishes the refunds of a payment left started (their function stopped): a step that must not run
 * before them, such as the renewal of the plan they end, calls this first. Throws while one cannot be
 * finished yet (the provider unreachable), so that the step is tried again later.
 */
export async function finishStartedRefunds(merchantUid: string): Promise<number> {
  const started = (await listRefunds(merchantUid)).filter((refund) => refund.status === 'started');
  for (const refund of started) await finishRefund(refund).catch(refusedIsFinished);
  return started.length;
}

/** A refund the provider refused is finished too (refused, its step free again). */
function refusedIsFinished(error: unknown): void {
  if (error instanceof PaymentError && REFUSAL_TYPES.includes(error.code)) return;
  throw error;
}

function outcomeOf(refund: Refund): Extract<RefundOutcome, { kind: 'refunded' }> {
  return {
    kind: 'refunded',
    amount: refund.amount,
    refundSource: refund.source,
    ...(refund.transferTo ? { transferTo: refund.transferTo } : {}),
  };
}

/** The error types a refused refund answers with (provider-refusals.ts, the wallet's). */
const REFUSAL_TYPES: readonly ServerErrorType[] = [
  'REFUND_ACCOUNT_REFUSED',
  'REFUND_REFUSED',
  'NAVER_PAY_API_ERROR',
];

/** The provider's refusal a refused refund recorded, as its request was answered. */
function refusalOf(refund: Refund): PaymentError {
  const details = refund.refusalDetails ? (JSON.parse(refund.refusalDetails) as Record<string, unknown>) : {};
  return new PaymentError(
    (refund.refusalCode ?? 'REFUND_REFUSED') as ServerErrorType,
    refund.refusalMessage ?? '',
    details,
  );
}

/**
 * The money of a started refund back its way: done when the provider's (or the wallet's) record of the
 * payment shows it; else asked for. Asked again after it went through (another finisher, a cancel whose
 * answer was lost), the provider refuses it on its checksum, and its record then shows the money back.
 */
async function returnMoney(refund: Refund, payment: Payment): Promise<void> {
  if (await moneyBack(refund, payment)) return;
  try {
    await askMoneyBack(refund, payment);
  } catch (error) {
    if (await moneyBack(refund, payment).catch(() => false)) return;
    const refusal = refundRefusalOf(error) ?? walletRefusalOf(error);
    if (refusal) {
      await refuseRefund(refund, {
        code: refusal.code,
        message: refusal.message,
        details: JSON.stringify(refusal.extra),
      });
      throw refusal;
    }
    throw error;
  }
}

function walletRefusalOf(error: unknown): PaymentError | undefined {
  return error instanceof WalletError && error.walletCode !== undefined ? error : undefined;
}

/**
 * Whether the payment's own record at the provider shows this refund's money back: the provider's
 * cancelled amount reached the refund's step and amount. A wallet refund has no such reading while Naver
 * Pay completes it (it may answer that it completes later): it is asked again, which its idempotency key
 * answers with the first answer.
 */
async function moneyBack(refund: Refund, payment: Payment): Promise<boolean> {
  if (refund.source === 'naver_pay' || !payment.impUid) return false;
  const atProvider = await lookUpProviderPayment(payment.impUid);
  if (!atProvider) return false;
  const back = toMinorUnits(atProvider.cancelledAmount, payment.currency);
  return back >= toMinorUnits(refund.step + refund.amount, payment.currency);
}

/** Asks the provider, or the wallet, for a refund's money; a deposit's goes to the customer's account. */
async function askMoneyBack(refund: Refund, payment: Payment): Promise<void> {
  if (refund.source === 'naver_pay') {
    if (!payment.walletPaymentId)
      throw new PaymentError('INVALID_ARGUMENT', 'The payment was not made by the wallet');
    await refundThroughWallet({
      paymentId: payment.walletPaymentId,
      amount: refund.amount,
      reason: refund.reason,
      cancellable: refund.refundable,
      about: {
        uid: refund.uid,
        userEmail: payment.userEmail,
        merchantUid: payment.merchantUid,
        planId: refund.planId,
        planName: payment.planName,
        currency: refund.currency,
      },
    });
    return;
  }
  if (!payment.impUid) throw new PaymentError('INVALID_ARGUMENT', 'The payment was not made at the provider');
  const account = refund.refundAccount;
  await cancelPayment({
    impUid: payment.impUid,
    amount: refund.amount,
    checksum: refund.refundable,
    reason: refund.reason,
    ...(account
      ? { refundAccount: { holder: account.holder, bank: account.bankCode, account: account.accountNumber } }
      : {}),
  });
}

/**
 * Records a refund whose money went back (or, by bank transfer, is owed) as made, once: the plan it was
 * computed for ends now, or stays ended if it ended meanwhile. Answers the refund as it now stands.
 */
async function recordMade(refund: Refund, payment: Payment): Promise<Refund> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [plan, head, current] = await Promise.all([
      getUserPlan(refund.uid, refund.planId),
      getUserPlanHead(refund.uid),
      getPayment(refund.merchantUid),
    ]);
    if (!plan || current?.cancelledAmount !== refund.step) {
      const now = await getRefund(refund.merchantUid, refund.step);
      if (now && now.status !== 'started') return now;
      break;
    }
    const madeAt = nowMs();
    const endedAt = Math.min(madeAt, plan.expiredAt);
    const outcome = await recordRefundMade({
      refund,
      payment: current,
      plan,
      head,
      endedAt,
      madeAt,
      activity: refund.operatorUid
        ? {
            uid: refund.uid,
            action: 'payment.refund',
            desc: `${refund.amount} ${refund.currency} (${refund.source}): ${refund.reason}`,
            operator: { uid: refund.operatorUid, email: refund.requestedBy },
          }
        : undefined,
    });
    if (outcome === 'recorded') return { ...refund, status: 'made', endedAt, madeAt };
    if (outcome === 'made-before') return (await getRefund(refund.merchantUid, refund.step)) ?? refund;
  }
  // The money went back but the payment had moved on (a refund recorded outside this one, by hand):
  // returned twice, listed for an operator.
  logger.error('Refund paid but not recorded', { uid: refund.uid, merchantUid: refund.merchantUid });
  await raiseCase({
    caseId: attentionCaseId('refund_unrecorded', `${refund.merchantUid}/${refund.step}/${refund.source}`),
    kind: 'refund_unrecorded',
    uid: refund.uid,
    userEmail: payment.userEmail,
    merchantUid: refund.merchantUid,
    planId: refund.planId,
    planName: payment.planName,
    amount: refund.amount,
    currency: refund.currency,
    reason: `Refunded through ${refund.source} after another refund of the payment was recorded`,
    refundSources: [],
  });
  throw new PaymentError('DB_ERROR', 'The refund went through but could not be recorded');
}

/**
 * What follows a made refund, each step safe to repeat: the cash receipt re-issued for what was kept (a
 * transfer's when it is paid, refund-transfers.ts), the period's renewals cancelled, the customer told
 * once (the mail's event is the refund's step); then the refund is settled.
 */
async function afterRefundMade(refund: Refund): Promise<void> {
  // A receipt another run is following (one that stopped mid-call) is followed by a later re-check, once
  // its claim is abandoned: the refund stays unsettled until then.
  const receipt = refund.transfer ? 'done' : await cashReceiptAfterRefund(refund.merchantUid);
  await cancelPendingRenewals({ uid: refund.uid, planId: refund.planId, expiredAt: refund.planExpiredAt });
  // A mail whose claim another run holds (one that stopped mid-send) is sent by a later re-check, once
  // the claim is abandoned: the refund stays unsettled until then. A mail SES refused is logged on its
  // marker and settles the refund (the refund itself is made).
  if ((await mailRefund(refund)) === 'in-flight' || receipt === 'in-flight') return;
  await settleRefund(refund, nowMs());
  logger.info('Refunded', {
    uid: refund.uid,
    merchantUid: refund.merchantUid,
    amount: refund.amount,
    refundSource: refund.source,
  });
}

/** Tells the customer of a refund, once per refund (two refunds of one payment never share a step). */
async function mailRefund(refund: Refund): Promise<MailOutcome | undefined> {
  const payment = await getPayment(refund.merchantUid);
  const plan = await getUserPlan(refund.uid, refund.planId);
  if (!payment || !plan) return undefined;
  return sendCustomerMail({
    uid: refund.uid,
    eventId: `${refund.merchantUid}-${refund.step}`,
    fallback: { email: payment.userEmail, language: DEFAULT_LANGUAGE },
    phone: payment.userPhone,
    mail: {
      kind: 'refund-made',
      planType: plan.planType,
      amount: refund.amount,
      currency: refund.currency as Currency,
      // From the product account: by bank transfer to the account given, else by hand (another currency).
      refundedTo: refund.transfer
        ? refund.transferTo
          ? 'bank-transfer'
          : 'by-hand'
        : refund.source === 'naver_pay'
          ? WALLET_PAY_METHOD
          : (payment.payMethod as PayMethod),
      ...(refund.transferTo ? { transferTo: refund.transferTo.accountMasked } : {}),
      endedAt: refund.endedAt ?? nowMs(),
    },
  });
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
