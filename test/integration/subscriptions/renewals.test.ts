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
import { operatorToken } from '../staff-sign-in.ts';

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

/** The names of the renewals (or, by prefix, the reminders) the scheduler stand-in holds for an account's plans. */
async function pendingRenewalsOf(uid: string, prefix = 'rnw-'): Promise<string[]> {
  const { schedules } = (await local('GET', '/_local/schedules.json')).body as {
    schedules: Array<{ Name: string; Target: { Input?: string } }>;
  };
  return schedules
    .filter(
      (schedule) => schedule.Name.startsWith(prefix) && JSON.parse(schedule.Target.Input ?? '{}').uid === uid,
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

async function subscribe(
  account: Account = customer,
  card = VISA_OK,
  planName = 'MR_LIGHT_V3',
): Promise<string> {
  const opened = await call(
    createInitPayment,
    { clientType: 'landing', language: 'en', planName },
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
      name: planName,
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

/** The seeded operator's console session (password and second factor), signed in once: a code is good once. */
let operatorSession = '';

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  operatorSession = await operatorToken(options());
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

      const operator = { ...options(), token: operatorSession };
      const request = { uid: customer.uid, requestedBy: SEEDED_ACCOUNTS.operator.email };
      const unsubscribed = await call(unsubscribePayment, request, operator);
      expect(unsubscribed.body.result.planStatus).toBe('UNSCHEDULED');
      expect((await call(unsubscribePayment, request, operator)).status).toBe(409);
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
      const operator = { ...options(), token: operatorSession };
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
        '[Cutloom] Your payment receipt',
      ]);
      expect((await currentPlan(account)).planName).toBeNull();
      // A held plan is not renewed again by itself.
      await clockTo(due + 40 * DAY_MS);
      expect((await outbox(runtime.url)).filter((mail) => mail.to.includes(account.email))).toHaveLength(5);

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
      const operator = { ...options(), token: operatorSession };
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
      // So does its receipt: both purchases' receipts are in before the count.
      const receipts = async () => (await mails()).filter((mail) => mail.subject.includes('receipt'));
      await expect.poll(receipts).toHaveLength(2);
      const mailed = (await mails()).length;
      await clockTo(due + 6 * DAY_MS);
      expect(await mails()).toHaveLength(mailed);
    },
    RUN_TIMEOUT_MS,
  );
});

describe('the mails around a renewal on the test clock', () => {
  /** An account of its own (made by an operator), in English, and its uid. */
  async function newAccount(prefix: string): Promise<Account & { uid: string }> {
    const account = { email: `${prefix}-${Date.now()}@example.com`, password: `${prefix}-pass1` };
    const operator = { ...options(), token: operatorSession };
    const created = await call(
      adminUserCreate,
      { info: { name: 'Mailed Customer', email: account.email, password: account.password, language: 'en' } },
      operator,
    );
    expect(created.status).toBe(200);
    return { ...account, uid: created.body.result.uid as string };
  }
  const mailsTo = async (email: string) =>
    (await outbox(runtime.url)).filter((mail) => mail.to.includes(email));
  const subjects = async (email: string) => (await mailsTo(email)).map((mail) => mail.subject).reverse();

  it(
    'reminds an annual subscriber 7 days before the renewal (once), mails each renewal a receipt, and reminds no monthly plan at an unchanged price',
    async () => {
      const annual = await newAccount('annual');
      const monthly = await newAccount('monthly');
      await subscribe(annual, VISA_OK, 'YR_LIGHT_V3');
      await subscribe(monthly);
      // Read while both are in their first month (user-usage's resetAt is then the payment).
      const annualDue = periodEnd(new Date((await currentPlan(annual)).paidAt), 'ANNUAL').getTime();
      // The confirmation that grants schedules them, possibly just after the page has its answer.
      await expect.poll(() => pendingRenewalsOf(annual.uid, 'rmd-')).toHaveLength(1);
      await expect.poll(() => pendingRenewalsOf(monthly.uid)).toHaveLength(1);
      expect(await pendingRenewalsOf(monthly.uid, 'rmd-')).toEqual([]);

      const monthlyDue = periodEnd(new Date((await currentPlan(monthly)).paidAt), 'MONTHLY').getTime();
      await clockTo(monthlyDue + 60_000);
      // The renewal's charge and the provider's notification of it race to grant it, and the one that
      // grants mails the receipt: the notification's runs beside the clock's run, not within it.
      await expect
        .poll(() => subjects(monthly.email))
        .toEqual(['[Cutloom] Your payment receipt', '[Cutloom] Your subscription was renewed']);
      expect(await pendingRenewalsOf(monthly.uid, 'rmd-')).toEqual([]);

      await clockTo(annualDue - 7 * DAY_MS - 60_000);
      expect(await subjects(annual.email)).toEqual(['[Cutloom] Your payment receipt']);
      await clockTo(annualDue - 7 * DAY_MS + 60_000);
      const [reminder] = await mailsTo(annual.email);
      expect(reminder?.subject).toBe('[Cutloom] Your subscription renews soon');
      const renewsOn = new Date(annualDue).toLocaleDateString('en-US', {
        timeZone: 'Asia/Seoul',
        dateStyle: 'long',
      });
      expect(reminder?.text).toContain(`Your Light subscription renews on ${renewsOn}`);
      expect(reminder?.text).toMatch(/Amount: (₩|US\$)[\d,.]+\d/);
      expect(reminder?.links.at(-1)).toMatch(/\/en\/account\/billing$/);

      await clockTo(annualDue + 60_000);
      await expect
        .poll(() => subjects(annual.email))
        .toEqual([
          '[Cutloom] Your payment receipt',
          '[Cutloom] Your subscription renews soon',
          '[Cutloom] Your subscription was renewed',
        ]);
      const [renewed] = await mailsTo(annual.email);
      expect(renewed?.text).toContain(reminder?.text.match(/Amount: \S+/)?.[0] ?? 'no amount');
      // The next year's reminder waits beside the next renewal.
      expect(await pendingRenewalsOf(annual.uid, 'rmd-')).toHaveLength(1);
    },
    RUN_TIMEOUT_MS,
  );

  it(
    'deletes the reminder with the renewal when the plan is unsubscribed, and schedules it again on resubscribing',
    async () => {
      const account = await newAccount('unsub');
      await subscribe(account, VISA_OK, 'YR_STANDARD_V3');
      await expect.poll(() => pendingRenewalsOf(account.uid, 'rmd-')).toHaveLength(1);
      const [reminder] = await pendingRenewalsOf(account.uid, 'rmd-');
      const operator = { ...options(), token: operatorSession };
      const request = { uid: account.uid, requestedBy: SEEDED_ACCOUNTS.operator.email };
      await call(unsubscribePayment, request, operator);
      expect(await pendingRenewalsOf(account.uid, 'rmd-')).toEqual([]);
      await call(reschedulePayment, request, operator);
      expect(await pendingRenewalsOf(account.uid, 'rmd-')).toEqual([reminder]);
      await call(unsubscribePayment, request, operator);
      const due = periodEnd(new Date((await currentPlan(account)).paidAt), 'ANNUAL').getTime();
      await clockTo(due - 7 * DAY_MS + 60_000);
      expect(await subjects(account.email)).toEqual(['[Cutloom] Your payment receipt']);
    },
    RUN_TIMEOUT_MS,
  );
});
