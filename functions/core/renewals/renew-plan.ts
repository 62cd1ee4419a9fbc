import { DEFAULT_LANGUAGE, type SiteLanguage } from '../../../shared/languages.ts';
import { renewalTerms } from '../../../shared/subscriptions/plan-change.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { sendMail } from '../adapters/mail.ts';
import { nowMs } from '../clock.ts';
import { planHeldCaseId } from '../data/attention-repository.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { claimOrderForCharge } from '../data/order-repository.ts';
import { createRenewalOrder } from '../data/plan-change-repository.ts';
import { changePlanStatus, claimRenewalNotice } from '../data/subscription-repository.ts';
import { getUserPlan, getUserPlanHead, type UserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { logger } from '../logger.ts';
import { countMetric } from '../observability.ts';
import { chargeClaimed, reconcileOrder } from '../orders/charges.ts';
import type { Confirmation } from '../orders/confirmation.ts';
import { finishStartedRefunds } from '../refunds/refund-engine.ts';
import { endWithoutConsent, renewalMayCharge } from '../renewal-consent/consent-gate.ts';
import { settings } from '../settings.ts';
import { type RenewalEvent, retryAt, scheduleRenewal } from '../subscriptions/renewal-schedule.ts';
import { composeRenewalMail } from './renewal-mail.ts';

/**
 * A subscription's renewal (the renew-plan schedule target): on the day its period ends the plan's
 * scheduled price is charged on its billing key (or the wallet's recurring registration) as an order of
 * its own, a fresh merchantUid per attempt, confirmed and granted by the same confirmation as every
 * payment (the grant moves the period on and schedules the next renewal). A declined charge is tried
 * again 1, 3 and 5 days later (renewal-schedule.ts), the customer told by mail each time; after the last
 * the plan goes on HOLD. A renewal that costs more than the last charge is charged only with the
 * customer's consent, and otherwise ends the plan uncharged (renewal-consent/consent-gate.ts). A change
 * of plan scheduled for the renewal is charged and granted instead of the plan (plan-change). A plan
 * unsubscribed, renewed, upgraded or refunded meanwhile is left alone.
 */
export type RenewalOutcome = 'renewed' | 'retry-scheduled' | 'held' | 'ended-without-consent' | 'skipped';

export async function renewPlan(event: RenewalEvent): Promise<RenewalOutcome> {
  for (let round = 0; round < 5; round += 1) {
    const plan = await getUserPlan(event.uid, event.planId);
    if (!plan || !renewable(plan, event)) return 'skipped';
    const existing = await getOrder(event.merchantUid);
    // A refund of the plan whose function stopped half-way is finished first: it ends the plan, which
    // then renews no more (never charged again for a period its customer got back).
    if (!existing && (await finishStartedRefunds(plan.paidMerchantUid ?? plan.planId)) > 0) continue;
    // A renewal that costs more than the last charge needs the customer's consent to its amount
    // (renewal-consent); an attempt whose order exists already was allowed when it began.
    if (!existing && !(await renewalMayCharge(plan))) {
      const first = await getOrder(plan.planId);
      const ended = await endWithoutConsent(plan, {
        email: first?.userEmail ?? '',
        language: first?.language ?? DEFAULT_LANGUAGE,
      });
      return ended ? 'ended-without-consent' : 'skipped';
    }
    const order = existing ?? (await renewalOrder(plan, event));
    // The change of plan moved between the read and the order: decide again on the plan as it now is.
    if (order) return chargeAttempt(plan, event, order);
  }
  throw new Error(`The renewal of ${event.planId} kept finding its change of plan moved`);
}

async function chargeAttempt(
  plan: UserPlan,
  event: RenewalEvent,
  order: PaymentOrder,
): Promise<RenewalOutcome> {
  const confirmation = await charge(order);
  if (confirmation.result === 'success') return 'renewed';
  if (confirmation.result === 'pending') {
    // Whether the provider charged is unknown: failing the invocation makes the scheduler run it again,
    // and the same order is then confirmed from the provider's record instead of charged twice.
    throw new Error(`The renewal ${order.merchantUid} is still pending`);
  }
  return afterDecline(plan, event, order);
}

/** A plan renews while it is the period scheduled and still PAID (a held plan only by an operator's retry). */
function renewable(plan: UserPlan, event: RenewalEvent): boolean {
  if (!plan.isSubscription || plan.expiredAt !== event.periodEnd) return false;
  return plan.planStatus === 'PAID' || (plan.planStatus === 'HOLD' && event.attempt > 0);
}

/**
 * The attempt's order, made once (a repeated invocation finds it), for the plan's renewal terms: the
 * plan itself, or the change of plan scheduled for it, whose plan, period and price the order carries.
 * Made in one transaction with the mark that fixes the change for this period; undefined when the
 * change moved since the plan was read.
 */
async function renewalOrder(plan: UserPlan, event: RenewalEvent): Promise<PaymentOrder | undefined> {
  const first = await getOrder(plan.planId);
  if (!first) throw new Error(`The plan ${plan.planId} has no order to renew from`);
  const { amount, planChangeId, ...renewed } = renewalTerms(plan);
  const made = await createRenewalOrder({
    merchantUid: event.merchantUid,
    uid: plan.uid,
    clientType: first.clientType,
    language: first.language,
    paymentType: 'renewal',
    planId: plan.planId,
    planExpiredAt: plan.expiredAt,
    renewalAttempt: event.attempt,
    ...(planChangeId ? { planChangeId } : {}),
    ...renewed,
    currency: plan.currency,
    payMethod: plan.payMethod,
    pg: plan.pg,
    listPrice: amount,
    finalPrice: amount,
    amount,
    renewalPrice: amount,
    isTest: plan.isTest,
    ...(plan.customerUid ? { customerUid: plan.customerUid } : {}),
    ...(plan.recurrentId ? { recurrentId: plan.recurrentId } : {}),
    userName: first.userName,
    userEmail: first.userEmail,
    userPhone: first.userPhone,
    ...(first.buyerIp ? { buyerIp: first.buyerIp } : {}),
  });
  if (made === 'plan-changed') return undefined;
  const order = await getOrder(event.merchantUid);
  if (!order) throw new Error(`The renewal order ${event.merchantUid} could not be read`);
  return order;
}

/** Charges the attempt's order once; a repeated run reconciles it, charging again only what never arrived. */
async function charge(order: PaymentOrder): Promise<Confirmation> {
  const claimed = order.status === 'created' ? await claimOrderForCharge(order.merchantUid) : undefined;
  if (claimed) return chargeClaimed(claimed);
  return reconcileOrder((await getOrder(order.merchantUid)) ?? order, { chargeAgain: true });
}

/** A declined renewal: the next try is scheduled, or after the last the plan goes on hold. */
async function afterDecline(
  plan: UserPlan,
  event: RenewalEvent,
  order: PaymentOrder,
): Promise<RenewalOutcome> {
  const nextAttempt = event.attempt + 1;
  const next = retryAt(event.periodEnd, nextAttempt);
  if (next !== undefined) {
    await scheduleRenewal(
      { uid: plan.uid, planId: plan.planId, periodEnd: event.periodEnd, attempt: nextAttempt },
      next,
    );
  } else if (plan.planStatus !== 'HOLD') {
    if (!(await holdPlan(plan, order))) return 'skipped';
    countMetric('planHeld');
  }
  if (await notify(order, plan, next === undefined ? 'plan-held' : 'renewal-failed', next)) {
    countMetric('renewalDeclined');
  }
  if (next !== undefined) {
    logger.warn('Renewal declined; retry scheduled', {
      merchantUid: order.merchantUid,
      attempt: event.attempt,
    });
    return 'retry-scheduled';
  }
  logger.warn('Renewal declined for the last time; plan on hold', { merchantUid: order.merchantUid });
  return 'held';
}

async function holdPlan(plan: UserPlan, order: PaymentOrder): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const head = await getUserPlanHead(plan.uid);
    if (!head) return false;
    const outcome = await changePlanStatus({
      uid: plan.uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      from: ['PAID'],
      to: 'HOLD',
      head,
      raises: {
        caseId: planHeldCaseId(plan.uid, plan.planId),
        kind: 'plan_held',
        uid: plan.uid,
        userEmail: order.userEmail,
        planId: plan.planId,
        planName: plan.planName,
        amount: renewalPrice(plan),
        currency: plan.currency,
        reason: 'The last renewal retry was declined',
        refundSources: [],
      },
    });
    if (outcome !== 'conflict') return outcome === 'changed';
  }
  throw new Error(`The plan ${plan.planId} could not be put on hold`);
}

/**
 * Tells the account holder, once per declined order (a repeated invocation sends nothing more); true
 * for the one call that did, which is also the one that counts the decline.
 */
async function notify(
  order: PaymentOrder,
  plan: UserPlan,
  kind: 'renewal-failed' | 'plan-held',
  retryAtMs?: number,
): Promise<boolean> {
  if (!(await claimRenewalNotice(order.merchantUid, nowMs()))) return false;
  const user = await getUser(plan.uid);
  const language = order.language as SiteLanguage;
  const link = `${settings.siteUrl}/${language}/payment/change-card`;
  await sendMail({
    to: user?.email ?? order.userEmail,
    ...composeRenewalMail(kind, language, {
      plan: plan.planName,
      link,
      ...(retryAtMs === undefined ? {} : { retryAt: retryAtMs }),
    }),
  });
  return true;
}
