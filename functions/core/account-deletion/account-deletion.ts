import { deletionBlocker } from '../../../shared/account-deletion/deletion-blockers.ts';
import { DELETION_TOKEN_SECONDS } from '../../../shared/api/account-deletion.ts';
import { retentionTtl } from '../../../shared/data/record-retention.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { DIRECT_DEPOSIT_CUSTOMER_UID } from '../../../shared/subscriptions/plan-actions.ts';
import { expireRecurrent } from '../adapters/payment-provider/naver-pay.ts';
import { deleteBillingKey } from '../adapters/payment-provider/portone.ts';
import { nowMs } from '../clock.ts';
import { pseudonymiseAccount } from '../data/account-deletion-repository.ts';
import { openCasesQuery, planHeldCaseId, settleCase } from '../data/attention-repository.ts';
import { listOrdersByUser } from '../data/order-reads.ts';
import { changePlanStatus } from '../data/subscription-repository.ts';
import { recordUserActivity } from '../data/user-activity-repository.ts';
import { getUserPlanHead, listUserPlans, type UserPlan } from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { ID_TOKEN_TTL_SECONDS } from '../identity/id-token.ts';
import { logger } from '../logger.ts';
import { sendMailOnce } from '../mails/customer-mails.ts';
import { settings } from '../settings.ts';
import { cancelPendingRenewals, OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';
import { composeDeletionMail } from './deletion-mail.ts';
import { scheduleErasurePart } from './erasure.ts';
import { accountOfDeletionToken, type Reauthentication, reauthenticate } from './reauthentication.ts';

/**
 * An account's deletion (회원 탈퇴, issue 26 point 4). 개인정보보호법 제21조 has personal data destroyed
 * without delay once it is no longer needed, or kept apart where another law keeps it; 전자상거래법
 * 제6조 and its 시행령 제6조 keep the records of contracts and of payments and supply five years and of
 * complaints three years (shared/data/record-retention.ts). The entity by entity account of what
 * happens is docs/account-deletion.md.
 *
 * After a fresh sign-in (reauthentication.ts), and unless money is still on its way
 * (shared/account-deletion/deletion-blockers.ts): the renewals stop (every renewing plan is ended at
 * its period's end and its pending runs deleted), the confirmation mail goes to the address while it
 * is still known, then one transaction pseudonymises the account, releases its address and deletes what
 * only served it; sign-in then finds no account, and a session's refresh finds it deleted. The usage log
 * and the kept records' expiry follow in the erase-account runs (erasure.ts), one at once and a last one
 * after every ID token issued before the deletion has expired.
 */

export async function confirmDeletion(uid: string, proof: Reauthentication, clientAddress: string) {
  const { deletionToken, expiresAt } = await reauthenticate(
    uid,
    proof,
    clientAddress,
    DELETION_TOKEN_SECONDS,
  );
  return { deletionToken, expiresAt, blocker: (await blockerOf(uid)) ?? null };
}

export async function deleteAccount(input: {
  uid: string;
  deletionToken: string;
  language: SiteLanguage;
}): Promise<{ deletedAt: number }> {
  const user = await accountOfDeletionToken(input.uid, input.deletionToken);
  if (user.deleted) return { deletedAt: user.deletedAt ?? nowMs() };
  const blocker = await blockerOf(user.uid);
  if (blocker)
    throw new PaymentError(
      'ACCOUNT_HAS_OPEN_PAYMENT',
      `The account has a payment in flight (${blocker.reason})`,
      {
        ...blocker,
      },
    );
  const deletedAt = nowMs();
  await stopRenewals(user.uid);
  const mailed = await sendMailOnce(
    {
      kind: 'account-deleted',
      eventId: user.uid,
      uid: user.uid,
      fallback: { email: user.email, language: input.language },
    },
    (language) => composeDeletionMail(language, deletedAt, `${settings.siteUrl}/${language}`),
  );
  // The confirmation must reach the address before it is erased: a failed send deletes nothing (yet).
  if (mailed === 'failed') throw new Error(`The deletion of ${user.uid} could not be confirmed by mail`);
  await recordUserActivity({
    uid: user.uid,
    action: 'account.delete',
    desc: '',
    operator: { uid: user.uid, email: user.email },
  });
  await withdrawPaymentMeans(user.uid);
  if (!(await pseudonymiseAccount(user, deletedAt, retentionTtl(deletedAt, 'contract')))) {
    logger.info('Account deleted already', { uid: user.uid });
    return { deletedAt };
  }
  await scheduleErasure(user.uid, deletedAt);
  logger.info('Account deleted', { uid: user.uid });
  return { deletedAt };
}

/**
 * Withdraws the account's billing keys and wallet registrations at the provider: nothing can be charged
 * on them any more, and the provider keeps no card for a gone account. One the provider refuses is
 * logged (its renewals are stopped already).
 */
async function withdrawPaymentMeans(uid: string): Promise<void> {
  const plans = await listUserPlans(uid);
  const keys = new Set(plans.flatMap((plan) => (plan.customerUid ? [plan.customerUid] : [])));
  keys.delete(DIRECT_DEPOSIT_CUSTOMER_UID);
  const registrations = new Set(plans.flatMap((plan) => (plan.recurrentId ? [plan.recurrentId] : [])));
  const reason = 'Account deleted by the customer';
  await Promise.all([
    ...[...keys].map((customerUid) =>
      deleteBillingKey(customerUid, reason).catch((error: unknown) =>
        logger.error('A deleted account’s billing key could not be withdrawn', { uid, customerUid, error }),
      ),
    ),
    ...[...registrations].map((recurrentId) =>
      expireRecurrent({ recurrentId, reason }).catch((error: unknown) =>
        logger.error('A deleted account’s wallet registration could not be ended', {
          uid,
          recurrentId,
          error,
        }),
      ),
    ),
  ]);
}

async function blockerOf(uid: string) {
  const [orders, openCases] = await Promise.all([listOrdersByUser(uid), openCasesOf(uid)]);
  return deletionBlocker({ orders, openCases }, nowMs());
}

/** The open cases of the attention page about the account (a short list an operator works down). */
async function openCasesOf(uid: string) {
  const query = openCasesQuery();
  const found = [];
  let cursor: string | null = null;
  do {
    const page = await query.read({ cursor, limit: 100 });
    found.push(...page.data.filter((open) => open.uid === uid));
    cursor = page.cursor;
  } while (cursor);
  return found;
}

/**
 * Every plan that would still renew (a PAID subscription, or one on hold an operator could retry)
 * ends at its period's end, its pending runs (renewal, retries, consent, reminder) are deleted, and a
 * held plan's attention case is settled.
 */
async function stopRenewals(uid: string): Promise<void> {
  const plans = await listUserPlans(uid);
  for (const plan of plans.filter((one) => one.isSubscription && one.planStatus !== 'UNSCHEDULED'))
    await endPlan(plan);
  await Promise.all(plans.filter((plan) => plan.expiredAt > nowMs()).map(cancelPendingRenewals));
  // A held plan's case would wait on the attention page for a renewal that can no longer come.
  await Promise.all(
    plans
      .filter((plan) => plan.planStatus === 'HOLD')
      .map((plan) => settleCase(planHeldCaseId(uid, plan.planId))),
  );
}

async function endPlan(plan: UserPlan): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const head = await getUserPlanHead(plan.uid);
    if (!head) return;
    const outcome = await changePlanStatus({
      uid: plan.uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      from: ['PAID', 'HOLD'],
      to: 'UNSCHEDULED',
      head,
    });
    if (outcome !== 'conflict') return;
  }
  throw new Error(`The renewal of ${plan.planId} could not be stopped`);
}

/** The erasure's first pass at once, and its last once every ID token issued before has expired. */
async function scheduleErasure(uid: string, deletedAt: number): Promise<void> {
  const passes = [
    { pass: 'first', at: nowMs() + OVERDUE_DELAY_MS },
    { pass: 'last', at: deletedAt + ID_TOKEN_TTL_SECONDS * 1000 + OVERDUE_DELAY_MS },
  ] as const;
  await Promise.all(passes.map(({ pass, at }) => scheduleErasurePart({ uid, deletedAt, pass, part: 0 }, at)));
}
