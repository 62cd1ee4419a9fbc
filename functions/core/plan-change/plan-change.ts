import { randomUUID } from 'node:crypto';
import type { PlanChangeOption, PlanChangeView } from '../../../shared/api/plan-change.ts';
import { formatPrice } from '../../../shared/currency.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { partnerOf } from '../../../shared/plans/partners.ts';
import { isSubscriptionPeriod, type PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import {
  type PlanChangeRefusal,
  planChangeBlock,
  planChangeClosed,
  planChangeRefusal,
} from '../../../shared/subscriptions/plan-change.ts';
import { consentAskedAt, renewalPriceRise } from '../../../shared/subscriptions/renewal-consent.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { noteAuditChange } from '../audit/audit-notes.ts';
import { nowMs } from '../clock.ts';
import { getOrder } from '../data/order-reads.ts';
import { getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { removePlanChange, type StoredPlanChange, writePlanChange } from '../data/plan-change-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import { latestUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { sendCustomerMail } from '../mails/customer-mails.ts';
import { planRenewalQuote } from '../orders/session-pricing.ts';
import { askConsentIfHigher } from '../renewal-consent/consent-notice.ts';
import { ensureRenewalScheduled } from '../subscriptions/renewal-schedule.ts';

/**
 * A change of plan at the next renewal (issue 33): the rules are shared/subscriptions/plan-change.ts,
 * the prices the price table's as the renewal reads it (session-pricing.ts planRenewalQuote: the
 * account's partner rate applied; a coupon or preregistration rate was for the first period only), the
 * change is kept on the plan record (plan-change-repository.ts) and the renewal applies it
 * (renewals/renew-plan.ts, the grant). Scheduling and cancelling are the customer's on the billing page,
 * or finance's for them in the console; each is recorded on the account's activities (and, an
 * operator's, in the audit trail) and confirmed to the customer by mail. A change that raises the
 * amount asks for issue 26's consent at once when the renewal is within the 30 days (the scheduled look
 * asks it otherwise); a mail that fails is logged, the change stands.
 */
export type PlanChangeActor = { kind: 'customer' } | { kind: 'operator'; operator: Operator };

export interface PlanChangeOutcome {
  view: PlanChangeView;
  changed: boolean;
}

/**
 * The account's latest plan while it has not ended: a subscription past its date still renewing (its
 * renewal under way or retried) or held stays, so that the answer says why no change can be made now.
 */
async function livePlan(uid: string, now: number): Promise<UserPlan | undefined> {
  const plan = await latestUserPlan(uid);
  return plan && (plan.expiredAt > now || plan.planStatus !== 'UNSCHEDULED') ? plan : undefined;
}

function notSubscribed(): PaymentError {
  return new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no live plan');
}

function refused(reason: PlanChangeRefusal, planName: string): PaymentError {
  return new PaymentError(
    'PLAN_CHANGE_NOT_ALLOWED',
    `No change to ${planName} can be scheduled (${reason})`,
    {
      reason,
    },
  );
}

/**
 * What the renewal would charge for a plan of the table in the subscription's currency, or undefined
 * when the table's price lies outside its currency's bounds (a catalogue mistake: never charged).
 */
function quoteOf(target: PlanPriceInfo, plan: UserPlan, referralType: string | undefined) {
  const partner = partnerOf(referralType);
  try {
    const price = planRenewalQuote(target, plan.currency, partner);
    return {
      listPrice: price.listPrice,
      amount: price.finalPrice,
      partnerPercent: price.discountSource === 'referral' && partner ? partner.discountPercent : 0,
    };
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    logger.error('The price table has no valid price for a change of plan', { planName: target.name, error });
    return undefined;
  }
}

const raises = (plan: UserPlan, amount: number) =>
  renewalPriceRise({ ...plan, planChange: { amount } }) !== undefined;

/** The plans of the subscription's family it may change to, each with its quote or why it may not. */
function optionsOf(
  plan: UserPlan,
  prices: readonly PlanPriceInfo[],
  referralType: string | undefined,
  now: number,
) {
  const options: PlanChangeOption[] = [];
  for (const target of prices) {
    if (!isSubscriptionPeriod(target.period)) continue;
    const quote = quoteOf(target, plan, referralType);
    const refusal = planChangeRefusal(plan, target, quote?.amount, now);
    // Only the plans of its own family are choices at all.
    if (refusal === 'other-family' || refusal === 'current-plan') continue;
    options.push({
      planName: target.name,
      planType: target.planType,
      period: target.period,
      partnerPercent: quote?.partnerPercent ?? 0,
      ...(quote ? { listPrice: quote.listPrice, amount: quote.amount } : {}),
      raises: quote !== undefined && raises(plan, quote.amount),
      ...(refusal ? { refusal } : {}),
    });
  }
  return options;
}

async function viewOf(plan: UserPlan, now: number): Promise<PlanChangeView> {
  const block = planChangeBlock(plan, now);
  const change = plan.planChange;
  const [user, catalogue] = await Promise.all([
    getUser(plan.uid),
    block ? undefined : getPlanCatalogue(plan.catalogue),
  ]);
  return {
    planName: plan.planName,
    planType: plan.planType,
    period: plan.period,
    currency: plan.currency,
    lastCharge: plan.price,
    renewsAt: plan.expiredAt,
    ...(plan.couponCode ? { couponCode: plan.couponCode } : {}),
    ...(block ? { refusal: block } : {}),
    scheduled: change
      ? {
          planName: change.planName,
          planType: change.planType,
          period: change.period,
          amount: change.amount,
          raises: raises(plan, change.amount),
          scheduledAt: change.scheduledAt,
          scheduledBy: change.scheduledBy === CUSTOMER ? 'customer' : 'operator',
          open: !planChangeClosed(plan, now),
        }
      : null,
    options: catalogue ? optionsOf(plan, catalogue.prices, user?.referralType, now) : [],
  };
}

/** Who scheduled a change, as the plan record keeps it: the customer, or the operator's address. */
const CUSTOMER = 'customer';

/** The account's change of plan and the plans it may change to; null without a live plan. */
export async function planChangeOf(uid: string): Promise<PlanChangeView | null> {
  const now = nowMs();
  const plan = await livePlan(uid, now);
  return plan ? viewOf(plan, now) : null;
}

/**
 * Schedules the change of the account's subscription to `planName` at its next renewal, replacing the
 * change scheduled before; asking again for the change it holds changes nothing.
 */
export async function schedulePlanChange(
  uid: string,
  planName: string,
  actor: PlanChangeActor,
): Promise<PlanChangeOutcome> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = nowMs();
    const plan = await livePlan(uid, now);
    if (!plan) throw notSubscribed();
    const [user, catalogue] = await Promise.all([getUser(uid), getPlanCatalogue(plan.catalogue)]);
    const target = catalogue.prices.find((price) => price.name === planName);
    const quote = target && quoteOf(target, plan, user?.referralType);
    const refusal = target
      ? planChangeRefusal(plan, target, quote?.amount, now)
      : (planChangeBlock(plan, now) ?? 'other-family');
    if (refusal || !target || !quote || !isSubscriptionPeriod(target.period))
      throw refused(refusal ?? 'other-family', planName);
    const before = plan.planChange;
    if (before?.planName === planName && before.amount === quote.amount)
      return { view: await viewOf(plan, now), changed: false };
    const change: StoredPlanChange = {
      changeId: randomUUID(),
      planName,
      planType: target.planType,
      period: target.period,
      catalogue: plan.catalogue,
      amount: quote.amount,
      scheduledAt: now,
      scheduledBy: actor.kind === 'customer' ? CUSTOMER : actor.operator.email,
    };
    const written = await writePlanChange({
      uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      replacing: before?.changeId,
      change,
    });
    // Another change, a renewal beginning or a change of status came first: decide again on what is now.
    if (!written) continue;
    const scheduled = { ...plan, planChange: change };
    noteAuditChange({ targetId: uid, before: before ?? {}, after: change });
    await record(scheduled, actor, user?.email, 'subscription.plan-change', change);
    await afterScheduling(scheduled);
    await confirm(scheduled, change, actor, 'plan-change-scheduled');
    return { view: await viewOf(scheduled, nowMs()), changed: true };
  }
  throw new PaymentError('DB_ERROR', 'The change of plan could not be scheduled');
}

/** Cancels the change scheduled for the account's next renewal; none scheduled changes nothing. */
export async function cancelPlanChange(uid: string, actor: PlanChangeActor): Promise<PlanChangeOutcome> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const now = nowMs();
    const plan = await livePlan(uid, now);
    if (!plan) throw notSubscribed();
    const change = plan.planChange;
    if (!change) return { view: await viewOf(plan, now), changed: false };
    if (planChangeClosed(plan, now)) throw refused('renewal-due', change.planName);
    const removed = await removePlanChange({
      uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      changeId: change.changeId,
    });
    if (!removed) continue;
    const { planChange: _cancelled, ...cancelled } = plan;
    noteAuditChange({ targetId: uid, before: change, after: {} });
    const user = await getUser(uid);
    await record(cancelled, actor, user?.email, 'subscription.plan-change-cancelled', change);
    await confirm(cancelled, change, actor, 'plan-change-cancelled');
    return { view: await viewOf(cancelled, nowMs()), changed: true };
  }
  throw new PaymentError('DB_ERROR', 'The change of plan could not be cancelled');
}

/** The account's activity: the change, its amount, and who asked (the customer or the operator). */
async function record(
  plan: UserPlan,
  actor: PlanChangeActor,
  customerEmail: string | undefined,
  action: 'subscription.plan-change' | 'subscription.plan-change-cancelled',
  change: StoredPlanChange,
) {
  await recordUserActivity({
    uid: plan.uid,
    action,
    desc: `${plan.planName} → ${change.planName} ${formatPrice(change.amount, plan.currency)}`,
    operator: actor.kind === 'operator' ? actor.operator : { uid: plan.uid, email: customerEmail ?? '' },
  });
}

/**
 * What a change sets going: the reminder 7 days before the renewal (a renewal into another plan is
 * always told of), and the consent when the change raises the amount and the renewal is already within
 * its 30 days (later, the scheduled look asks it).
 */
async function afterScheduling(plan: UserPlan) {
  await ensureRenewalScheduled(plan.uid, plan.planId);
  if (nowMs() < consentAskedAt(plan.expiredAt)) return;
  try {
    await askConsentIfHigher({ uid: plan.uid, planId: plan.planId, periodEnd: plan.expiredAt });
  } catch (error) {
    // The consent is recorded as asked before its mail: the billing page asks it all the same.
    logger.error('The consent to a change of plan could not be asked by mail', {
      planId: plan.planId,
      error,
    });
  }
}

/** The confirmation mail, in the account's language; a mail that fails is logged (sendCustomerMail). */
async function confirm(
  plan: UserPlan,
  change: StoredPlanChange,
  actor: PlanChangeActor,
  kind: 'plan-change-scheduled' | 'plan-change-cancelled',
) {
  if (!isSubscriptionPeriod(plan.period)) return;
  const first = await getOrder(plan.planId);
  const scheduled = kind === 'plan-change-scheduled';
  await sendCustomerMail({
    uid: plan.uid,
    eventId: change.changeId,
    fallback: { email: first?.userEmail ?? '', language: first?.language ?? DEFAULT_LANGUAGE },
    mail: {
      kind,
      planType: plan.planType,
      period: plan.period,
      newPlan: { planType: change.planType, period: change.period },
      amount: scheduled ? change.amount : renewalPrice(plan),
      currency: plan.currency,
      renewsAt: plan.expiredAt,
      byOperator: actor.kind === 'operator',
      ...(scheduled
        ? { consentNeeded: raises(plan, change.amount) }
        : { renews: plan.planStatus === 'PAID' }),
    },
  });
}
