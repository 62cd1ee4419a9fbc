import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { adminAttentionList, adminAttentionResolve } from '../../../shared/api/attention.ts';
import {
  createBillingKeyPayment,
  createInitPayment,
  insertPaymentProgress,
} from '../../../shared/api/orders.ts';
import { reschedulePayment, unsubscribePayment } from '../../../shared/api/subscriptions.ts';
import { userUsage } from '../../../shared/api/usage.ts';
import { adminUserCreate } from '../../../shared/api/users.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import { type Answer, call, send } from '../helpers.ts';
import { outbox, signInAs } from '../identity/accounts.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { progressInput, VISA_OK } from '../orders/order-helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';

/**
 * A year of a monthly subscription on the test clock, in a runtime of its own (moving its clock must not
 * move the rest of the suite's): twelve renewals charged on the billing key on their due dates, one of
 * them declined and paid by its first retry a day later, then unsubscribing (no renewal at expiry).
 */
let runtime: { url: string; stop: () => Promise<void> };
const options = () => ({ baseUrl: runtime.url });
const customer = SEEDED_ACCOUNTS.customer;
const DAY_MS = 86_400_000;
/** A year of renewals signs in a dozen times (password hashing) on a shared machine: bounded, not timed. */
const RUN_TIMEOUT_MS = 90_000;
/** A sandbox card whose first charge is approved and whose later charges (renewals) decline [CC66]. */
const RENEWALS_DECLINE = '4000000000000259';

async function local(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Answer> {
  return send(new URL(path, runtime.url), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
}

/** Moves the runtime's clock to `at` (firing the schedules due on the way). */
async function clockTo(at: number): Promise<void> {
  const moved = await local('POST', '/_local/clock', { to: new Date(at).toISOString() });
  expect(moved.status).toBe(200);
}

async function token(account: { email: string; password: string }): Promise<string> {
  const answer = await signInAs(account, { clientType: 'console' }, options());
  if (answer.status !== 200) throw new Error(`sign-in: ${JSON.stringify(answer.body)}`);
  return answer.body.session.idToken;
}

/** The current plan's name and the start of its paid period (user-usage: resetAt is paidAt in its first month). */
async function currentPlan(
  account: Account = customer,
): Promise<{ planName: string | null; paidAt: number }> {
  const answer = await call(userUsage, {}, { ...options(), token: await token(account) });
  return { planName: answer.body.result.planName, paidAt: answer.body.result.resetAt };
}

/** The names of the renewals the scheduler stand-in holds for an account's plans. */
async function pendingRenewalsOf(uid: string): Promise<string[]> {
  const { schedules } = (await local('GET', '/_local/schedules.json')).body as {
    schedules: Array<{ Name: string; Target: { Input?: string } }>;
  };
  return schedules
    .filter(
      (schedule) => schedule.Name.startsWith('rnw-') && JSON.parse(schedule.Target.Input ?? '{}').uid === uid,
    )
    .map((schedule) => schedule.Name);
}

async function charges(): Promise<
  Array<{ merchant_uid: string; status: string; amount: number; paid_at: number }>
> {
  const state = (await local('GET', '/_local/payments.json')).body;
  // The checkout's billing-key issue is recorded as a payment of zero: not a charge.
  return state.payments.filter(
    (payment: { customer_uid?: string; amount: number }) => payment.customer_uid && payment.amount > 0,
  );
}

type Account = { email: string; password: string };

async function subscribe(account: Account = customer, card = VISA_OK): Promise<string> {
  const opened = await call(
    createInitPayment,
    { clientType: 'landing', language: 'en', planName: 'MR_LIGHT_V3' },
    { ...options(), token: await token(account) },
  );
  expect(opened.status).toBe(200);
  const session = opened.body.sessionInfo;
  const order = (await call(insertPaymentProgress, progressInput(session, 'card'), options())).body;
  await checkoutInBrowser(
    runtime.url,
    {
      pg: progressInput(session, 'card').pg as string,
      pay_method: 'card',
      merchant_uid: order.checkoutMerchantUid,
      name: 'MR_LIGHT_V3',
      amount: order.amount,
      currency: session.currency,
      // The order's contact, as the order page sends both (a dollar subscription's channel asks it).
      buyer_email: progressInput(session, 'card').userEmail as string,
      customer_uid: order.customerUid,
      m_redirect_url: `${runtime.url}/en/payment/result/pending?guid=${session.guid}`,
    },
    { choice: card },
  );
  const paid = await call(
    createBillingKeyPayment,
    { guid: session.guid, merchantUid: order.merchantUid, customerUid: order.customerUid },
    options(),
  );
  expect(paid.body.result).toBe('success');
  return order.customerUid;
}

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

describe('a monthly subscription over a year of the test clock', () => {
  it(
    'renews twelve times on its due dates, retries a declined renewal a day later, and stops once unsubscribed',
    async () => {
      const customerUid = await subscribe();
      const DECLINED_RENEWAL = 5;
      let { paidAt } = await currentPlan();
      for (let renewal = 1; renewal <= 12; renewal += 1) {
        const due = periodEnd(new Date(paidAt), 'MONTHLY').getTime();
        if (renewal === DECLINED_RENEWAL) {
          await local('POST', '/_local/payments/billing-keys/decline', {
            customer_uid: customerUid,
            code: 'CC66',
          });
          await clockTo(due + 60_000);
          expect((await charges()).filter((charge) => charge.status === 'failed')).toHaveLength(1);
          const mails = (await outbox(runtime.url)).filter((mail) => mail.to.includes(customer.email));
          expect(mails[0]?.subject).toContain("couldn't renew");
          expect(mails[0]?.links[0]).toMatch(/\/en\/payment\/change-card$/);
          await local('POST', '/_local/payments/billing-keys/decline', {
            customer_uid: customerUid,
            code: '',
          });
          await clockTo(due + DAY_MS + 60_000);
        } else {
          await clockTo(due + 60_000);
        }
        const paid = (await charges()).filter((charge) => charge.status === 'paid');
        expect(paid, `after renewal ${renewal}`).toHaveLength(renewal + 1);
        // On its due date the new period continues the old one without a gap; a late retry starts it
        // when paid (the sandbox's paid_at, in seconds).
        const retryPaidAt = (paid.at(-1)?.paid_at ?? 0) * 1000;
        paidAt = renewal === DECLINED_RENEWAL ? retryPaidAt : due;
        if (renewal === DECLINED_RENEWAL) expect(paidAt).toBeGreaterThanOrEqual(due + DAY_MS);
      }
      // The plan's period is the one the charges say (read once: each read signs in).
      expect((await currentPlan()).paidAt).toBe(paidAt);
      const paid = (await charges()).filter((charge) => charge.status === 'paid');
      expect(new Set(paid.map((charge) => charge.merchant_uid)).size).toBe(13);
      expect(paid.every((charge) => charge.amount === paid[0]?.amount)).toBe(true);

      const operator = { ...options(), token: await token(SEEDED_ACCOUNTS.operator) };
      const request = { uid: customer.uid, requestedBy: SEEDED_ACCOUNTS.operator.email };
      const unsubscribed = await call(unsubscribePayment, request, operator);
      expect(unsubscribed.body.result.planStatus).toBe('UNSCHEDULED');
      expect((await call(unsubscribePayment, request, operator)).status).toBe(500);
      expect((await call(reschedulePayment, request, operator)).body.result.planStatus).toBe('PAID');
      expect((await call(unsubscribePayment, request, operator)).body.result).toMatchObject({
        planStatus: 'UNSCHEDULED',
      });
      await clockTo(periodEnd(new Date(paidAt), 'MONTHLY').getTime() + 2 * DAY_MS);
      expect((await charges()).filter((charge) => charge.status === 'paid')).toHaveLength(13);
      expect((await currentPlan()).planName).toBeNull();
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'tries a declined renewal again after 1, 3 and 5 days, mailing each time, then holds the plan',
    async () => {
      const account = { email: `held-${Date.now()}@example.com`, password: 'held-pass1' };
      const operator = { ...options(), token: await token(SEEDED_ACCOUNTS.operator) };
      const created = await call(
        adminUserCreate,
        { info: { name: 'Held Customer', email: account.email, password: account.password, language: 'en' } },
        operator,
      );
      expect(created.status).toBe(200);
      await subscribe(account, RENEWALS_DECLINE);
      const due = periodEnd(new Date((await currentPlan(account)).paidAt), 'MONTHLY').getTime();
      for (const day of [0, 1, 3, 5]) await clockTo(due + day * DAY_MS + 60_000);
      const mails = (await outbox(runtime.url)).filter((mail) => mail.to.includes(account.email));
      expect(mails.map((mail) => mail.subject)).toEqual([
        '[Cutloom] Your subscription is on hold',
        "[Cutloom] We couldn't renew your subscription",
        "[Cutloom] We couldn't renew your subscription",
        "[Cutloom] We couldn't renew your subscription",
      ]);
      expect((await currentPlan(account)).planName).toBeNull();
      // A held plan is not renewed again by itself.
      await clockTo(due + 40 * DAY_MS);
      expect((await outbox(runtime.url)).filter((mail) => mail.to.includes(account.email))).toHaveLength(4);

      // It waits on the attention page, where an operator's retry (two pressing at once: one) charges again.
      const uid = created.body.result.uid;
      const heldCases = async () =>
        (await call(adminAttentionList, { limit: 500 }, operator)).body.result.filter(
          (open: { uid: string }) => open.uid === uid,
        );
      const [held, ...more] = await heldCases();
      expect(more).toEqual([]);
      expect(held).toMatchObject({ kind: 'plan_held', planName: 'MR_LIGHT_V3', retries: 0 });
      const chargedBefore = (await charges()).length;
      const retry = () =>
        call(adminAttentionResolve, { caseId: held.caseId, action: 'retry', reason: 'Card fixed' }, operator);
      const answers = await Promise.all([retry(), retry()]);
      expect(answers.map((answer) => answer.body.result).sort()).toEqual([
        'already-ended',
        'retry-scheduled',
      ]);
      await clockTo(due + 40 * DAY_MS + 2 * 60_000);
      expect((await charges()).slice(chargedBefore).map((charge) => charge.status)).toEqual(['failed']);
      expect(await heldCases()).toMatchObject([{ caseId: held.caseId, retries: 1 }]);
    },
    RUN_TIMEOUT_MS,
  );
  it(
    'deletes the retry pending after a declined renewal when a new plan replaces the subscription',
    async () => {
      const account = { email: `replaced-${Date.now()}@example.com`, password: 'replaced-pass1' };
      const operator = { ...options(), token: await token(SEEDED_ACCOUNTS.operator) };
      const created = await call(
        adminUserCreate,
        {
          info: {
            name: 'Replacing Customer',
            email: account.email,
            password: account.password,
            language: 'en',
          },
        },
        operator,
      );
      expect(created.status).toBe(200);
      await subscribe(account, RENEWALS_DECLINE);
      const due = periodEnd(new Date((await currentPlan(account)).paidAt), 'MONTHLY').getTime();
      await clockTo(due + 60_000);
      const uid = created.body.result.uid as string;
      const [retry] = await pendingRenewalsOf(uid);
      expect(retry).toMatch(/-1$/);

      // The period ended unrenewed: the account may buy again, and the new plan replaces the old one.
      await subscribe(account);
      // The page's confirmation and the provider's notification race: the one that grants schedules the
      // new plan's renewal, possibly just after the page has its answer.
      await expect.poll(() => pendingRenewalsOf(uid)).toHaveLength(1);
      expect(await pendingRenewalsOf(uid)).not.toContain(retry);
      const mails = async () => (await outbox(runtime.url)).filter((mail) => mail.to.includes(account.email));
      const mailed = (await mails()).length;
      await clockTo(due + 6 * DAY_MS);
      expect(await mails()).toHaveLength(mailed);
    },
    RUN_TIMEOUT_MS,
  );
});
