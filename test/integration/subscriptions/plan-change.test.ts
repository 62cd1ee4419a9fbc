import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelRenewal, userBilling, userPaymentHistory } from '../../../shared/api/billing.ts';
import { adminDirectDepositCreate } from '../../../shared/api/direct-deposits.ts';
import { cancelPlanChange, schedulePlanChange, userPlanChange } from '../../../shared/api/plan-change.ts';
import { answerUserRenewalConsent, userRenewalConsent } from '../../../shared/api/renewal-consent.ts';
import { userUsage } from '../../../shared/api/usage.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { BUILT_IN_PLAN_USAGES } from '../../../shared/plans/price-book.ts';
import { call } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { DAY_MS, isolated } from './isolated-subscribers.ts';

/**
 * A change of plan at the next renewal (issue 33), on the test clock of a runtime of its own: a monthly
 * Standard subscriber (dollars, card) schedules monthly Light; the renewal charges Light's price once on
 * the same billing key and grants Light (its limits, its name in the payment history), and renews as
 * Light after. Scheduled then cancelled, the renewal is as before. A change scheduled while the renewal
 * runs is applied whole or refused, never half. A change to a longer period costs more than the last
 * charge: issue 26's consent is asked at once, and the renewal charges it only with that consent.
 * (Finance's side in the console: plan-change-console.test.ts.)
 */
let runtime: { url: string; stop: () => Promise<void> };
let site: ReturnType<typeof isolated>;
const STANDARD = 17.99;
const LIGHT = 8.99;
const LIGHT_YEARLY = 89.9;
const LIGHT_USAGE = BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'LIGHT');

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  site = isolated(runtime.url);
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

/** A monthly subscriber of `planName` (dollars, card): its token, billing key and renewal date. */
async function subscriber(planName = 'MR_STANDARD_V3') {
  const account = await site.account();
  const { customerUid, amount } = await site.subscribe(account, planName);
  const token = await site.token(account);
  const billing = (await call(userBilling, {}, { ...site.options, token })).body.result.plan;
  return { account, customerUid, amount, token, renewsAt: billing.expiredAt as number };
}

const as = (token: string) => ({ ...site.options, token });

describe('a change of plan at the next renewal', () => {
  it('shows what each plan of the family would charge, then the renewal charges the new plan’s price once and grants it', async () => {
    const { account, customerUid, token, renewsAt } = await subscriber();
    const shown = (await call(userPlanChange, {}, as(token))).body.result;
    expect(shown).toMatchObject({
      planName: 'MR_STANDARD_V3',
      lastCharge: STANDARD,
      renewsAt,
      scheduled: null,
    });
    const byName = Object.fromEntries(
      shown.options.map((option: { planName: string }) => [option.planName, option]),
    );
    expect(byName.MR_LIGHT_V3).toMatchObject({
      amount: LIGHT,
      listPrice: LIGHT,
      raises: false,
      partnerPercent: 0,
    });
    expect(byName.MR_LIGHT_V3.refusal).toBeUndefined();
    expect(byName.YR_LIGHT_V3).toMatchObject({ amount: LIGHT_YEARLY, raises: true });
    expect(byName.YR_STANDARD_V3).toMatchObject({ amount: 179.9, raises: true });
    expect(byName.MR_BUSINESS_V3).toMatchObject({ refusal: 'higher-plan' });
    // Passes, the current plan and other generations are no choices.
    expect(Object.keys(byName).sort()).toEqual([
      'MR_BUSINESS_V3',
      'MR_LIGHT_V3',
      'YR_BUSINESS_V3',
      'YR_LIGHT_V3',
      'YR_STANDARD_V3',
    ]);

    const scheduled = await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token));
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);
    expect(scheduled.body).toMatchObject({
      changed: true,
      result: { scheduled: { planName: 'MR_LIGHT_V3', amount: LIGHT, scheduledBy: 'customer', open: true } },
    });
    // Asked again (a second press): the same change, nothing more written or mailed.
    expect((await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token))).body.changed).toBe(false);
    const confirmations = (await site.mailsTo(account.email)).filter(
      (mail) => mail.subject === '[Cutloom] Your change of plan at the next renewal is scheduled',
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.text).toContain(
      'Your Standard · Monthly subscription will change to Light · Monthly when it renews on',
    );
    expect(confirmations[0]?.text).toContain('US$8.99 will be charged then');
    const billing = (await call(userBilling, {}, as(token))).body.result.plan;
    expect(billing.nextCharge).toMatchObject({ at: renewsAt, amount: LIGHT });
    expect(await site.schedulesOf(account.uid)).toContainEqual(expect.stringMatching(/^rmd-/));

    // Seven days before: the reminder names the new plan and its amount.
    await site.clockTo(renewsAt - 7 * DAY_MS + 60_000);
    const [reminder] = (await site.mailsTo(account.email)).filter(
      (mail) => mail.subject === '[Cutloom] Your subscription renews soon',
    );
    expect(reminder?.text).toContain('your plan changes to Light · Monthly at this renewal');
    expect(reminder?.text).toContain('Amount: US$8.99');

    await site.clockTo(renewsAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([STANDARD, LIGHT]);
    // The usage it grants is Light's: the plan type's limits (STT in seconds, as the plan keeps them).
    const renewed = (await call(userUsage, {}, as(token))).body.result;
    expect(renewed).toMatchObject({ planName: 'MR_LIGHT_V3', planType: 'LIGHT' });
    const limitOf = (type: string) =>
      renewed.usages.find((line: { usageType: string }) => line.usageType === type)?.limit;
    expect(limitOf('TTS')).toBe(LIGHT_USAGE?.ttsUsage);
    expect(limitOf('GENIMAGE')).toBe(LIGHT_USAGE?.genimageUsage);
    const [latest] = (await call(userPaymentHistory, {}, as(token))).body.result;
    expect(latest).toMatchObject({ planName: 'MR_LIGHT_V3', amount: LIGHT, paymentType: 'renewal' });
    const after = (await call(userBilling, {}, as(token))).body.result.plan;
    expect(after).toMatchObject({
      planName: 'MR_LIGHT_V3',
      planType: 'LIGHT',
      period: 'MONTHLY',
      state: 'active',
    });
    expect(after.nextCharge.amount).toBe(LIGHT);
    expect((await call(userPlanChange, {}, as(token))).body.result.scheduled).toBeNull();
    const info = await call(adminUserInfo, { uid: account.uid }, as(await site.operatorToken()));
    const plan = info.body.plans.find((row: { planName: string }) => row.planName === 'MR_LIGHT_V3');
    expect(plan).toMatchObject({ planStatus: 'PAID', customerUid });
    expect(info.body.userActivities).toContainEqual(
      expect.objectContaining({ action: 'subscription.plan-change' }),
    );

    // The next renewal is Light's own, once more on the same key.
    await site.clockTo(after.expiredAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([
      STANDARD,
      LIGHT,
      LIGHT,
    ]);
  }, 180_000);

  it('scheduled then cancelled, renews as before; a cancel repeated changes nothing', async () => {
    const { account, customerUid, token, renewsAt } = await subscriber();
    await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token));
    const cancelled = await call(cancelPlanChange, {}, as(token));
    expect(cancelled.body).toMatchObject({ changed: true, result: { scheduled: null } });
    expect((await call(cancelPlanChange, {}, as(token))).body.changed).toBe(false);
    const [mail] = (await site.mailsTo(account.email)).filter(
      (one) => one.subject === '[Cutloom] Your change of plan is cancelled',
    );
    expect(mail?.text).toContain('It renews as it is on');
    expect(mail?.text).toContain('US$17.99 will be charged');
    expect((await call(userBilling, {}, as(token))).body.result.plan.nextCharge.amount).toBe(STANDARD);

    await site.clockTo(renewsAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([STANDARD, STANDARD]);
    expect((await call(userUsage, {}, as(token))).body.result.planName).toBe('MR_STANDARD_V3');
  }, 120_000);

  it('refuses, with its reason and changing nothing: the current plan, a higher plan, another family, a stopped renewal', async () => {
    const { token } = await subscriber();
    for (const [planName, reason] of [
      ['MR_STANDARD_V3', 'current-plan'],
      ['MR_BUSINESS_V3', 'higher-plan'],
      ['Y1_LIGHT_V3', 'other-family'],
      ['MR_LIGHT_V2', 'other-family'],
      ['NO_SUCH_PLAN', 'other-family'],
    ] as const) {
      const refused = await call(schedulePlanChange, { planName }, as(token));
      expect(refused, planName).toMatchObject({
        status: 409,
        body: { error: { code: 'PLAN_CHANGE_NOT_ALLOWED', reason } },
      });
    }
    expect((await call(userPlanChange, {}, as(token))).body.result.scheduled).toBeNull();
    expect((await call(cancelRenewal, { language: 'en' }, as(token))).status).toBe(200);
    const stopped = await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token));
    expect(stopped.body.error).toMatchObject({ code: 'PLAN_CHANGE_NOT_ALLOWED', reason: 'renewal-stopped' });
    expect((await call(userPlanChange, {}, as(token))).body.result).toMatchObject({
      refusal: 'renewal-stopped',
      options: [],
    });
  }, 120_000);

  it('refuses a fixed-term pass and an account without a plan', async () => {
    const account = await site.account();
    const token = await site.token(account);
    expect((await call(userPlanChange, {}, as(token))).body.result).toBeNull();
    expect((await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token))).body.error.code).toBe(
      'USER_NOT_SUBSCRIBED',
    );
    // A one-year pass, paid at the bank and granted by an operator.
    const granted = await call(
      adminDirectDepositCreate,
      {
        uid: account.uid,
        userName: 'Mina Park',
        userEmail: account.email,
        userPhone: '01041000033',
        planName: 'Y1_LIGHT_V3',
        currency: 'KRW',
        price: 118_800,
        paymentType: 'plan',
        desc: 'paid at the bank',
      },
      as(await site.operatorToken()),
    );
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    expect((await call(userPlanChange, {}, as(token))).body.result).toMatchObject({
      refusal: 'fixed-term',
      options: [],
    });
    const pass = await call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token));
    expect(pass.body.error).toMatchObject({ code: 'PLAN_CHANGE_NOT_ALLOWED', reason: 'fixed-term' });
  }, 120_000);

  it('scheduled while the renewal runs, is applied whole or refused, never half', async () => {
    const { customerUid, token, renewsAt } = await subscriber();
    // Requests straddle the clock's move past the renewal and the renewal's own run.
    await site.clockTo(renewsAt - 2_000);
    const attempts = Array.from({ length: 12 }, (_, index) =>
      new Promise((wait) => setTimeout(wait, index * 40)).then(() =>
        call(schedulePlanChange, { planName: 'MR_LIGHT_V3' }, as(token)),
      ),
    );
    // The clock moves while the first requests are being answered.
    const renewal = new Promise((wait) => setTimeout(wait, 150)).then(() => site.clockTo(renewsAt + 60_000));
    const [answers] = await Promise.all([Promise.all(attempts), renewal]);
    // Each answer is a change for this renewal, one for the next (asked after this renewal was made), or
    // a refusal: the renewal was due, or (applied) the plan is already Light.
    const forThis = answers.filter(
      (answer) => answer.status === 200 && answer.body.result.renewsAt === renewsAt,
    );
    const forNext = answers.filter(
      (answer) => answer.status === 200 && answer.body.result.renewsAt > renewsAt,
    );
    const applied = forThis.length > 0;
    console.info(
      `Change scheduled while the renewal ran: ${forThis.length} for this renewal, ${forNext.length} for the next, ${
        answers.length - forThis.length - forNext.length
      } refused (${applied ? 'applied' : 'not applied'})`,
    );
    for (const answer of answers.filter((one) => one.status !== 200))
      expect(answer.body.error).toMatchObject({
        code: 'PLAN_CHANGE_NOT_ALLOWED',
        reason: expect.stringMatching(applied ? /^(renewal-due|current-plan)$/ : /^renewal-due$/),
      });
    const charged = (await site.charges(customerUid)).map((charge) => charge.amount);
    const [latest] = (await call(userPaymentHistory, {}, as(token))).body.result;
    const planName = (await call(userUsage, {}, as(token))).body.result.planName;
    const view = (await call(userPlanChange, {}, as(token))).body.result;
    // One renewal, and what it charged is what it granted and what the history says.
    if (applied) {
      expect(charged).toEqual([STANDARD, LIGHT]);
      expect(planName).toBe('MR_LIGHT_V3');
      expect(latest).toMatchObject({ planName: 'MR_LIGHT_V3', amount: LIGHT });
      expect(forNext).toEqual([]);
      expect(view.scheduled).toBeNull();
    } else {
      expect(charged).toEqual([STANDARD, STANDARD]);
      expect(planName).toBe('MR_STANDARD_V3');
      expect(latest).toMatchObject({ planName: 'MR_STANDARD_V3', amount: STANDARD });
      // A change asked once the renewal was made is for the next one.
      expect(view.scheduled?.planName ?? null).toBe(forNext.length ? 'MR_LIGHT_V3' : null);
    }
  }, 120_000);

  it('to a longer period costs more: the consent is asked at once, and the renewal charges it only with it', async () => {
    const { account, customerUid, token, renewsAt } = await subscriber('MR_LIGHT_V3');
    const scheduled = await call(schedulePlanChange, { planName: 'YR_LIGHT_V3' }, as(token));
    expect(scheduled.body.result.scheduled).toMatchObject({ amount: LIGHT_YEARLY, raises: true });
    // Asked at once within the 30 days before the renewal, else when they begin (a month of 31 days).
    await site.clockTo(Math.max(renewsAt - 30 * DAY_MS, await site.now()) + 2 * 60_000);
    const [confirmation] = (await site.mailsTo(account.email)).filter((mail) =>
      mail.subject.includes('is scheduled'),
    );
    expect(confirmation?.text).toContain('we will ask for your consent to it separately');
    const asked = (await call(userRenewalConsent, {}, as(token))).body.result;
    expect(asked).toMatchObject({
      planName: 'YR_LIGHT_V3',
      period: 'ANNUAL',
      amount: LIGHT_YEARLY,
      lastCharge: LIGHT,
      reason: 'plan-changes',
      status: 'asked',
    });
    const [consentMail] = (await site.mailsTo(account.email)).filter((mail) =>
      mail.subject.includes('we need your consent'),
    );
    expect(consentMail?.text).toContain('This is because you scheduled a change of plan for this renewal.');
    const agreed = await call(answerUserRenewalConsent, { choice: 'consent' }, as(token));
    expect(agreed.body.result.status).toBe('consented');

    await site.clockTo(renewsAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([LIGHT, LIGHT_YEARLY]);
    const renewed = (await call(userBilling, {}, as(token))).body.result.plan;
    expect(renewed).toMatchObject({ planName: 'YR_LIGHT_V3', period: 'ANNUAL' });
    // A year, not a month: the period the change granted.
    expect(renewed.expiredAt - renewsAt).toBeGreaterThan(360 * DAY_MS);
  }, 120_000);

  it('cancelled after its consent was asked, asks nothing more and renews as before', async () => {
    const { customerUid, token, renewsAt } = await subscriber('MR_LIGHT_V3');
    await call(schedulePlanChange, { planName: 'YR_LIGHT_V3' }, as(token));
    await site.clockTo(Math.max(renewsAt - 30 * DAY_MS, await site.now()) + 2 * 60_000);
    expect((await call(userRenewalConsent, {}, as(token))).body.result).not.toBeNull();
    await call(cancelPlanChange, {}, as(token));
    expect((await call(userRenewalConsent, {}, as(token))).body.result).toBeNull();
    await site.clockTo(renewsAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([LIGHT, LIGHT]);
  }, 120_000);
});
