import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userBilling } from '../../../shared/api/billing.ts';
import {
  answerRenewalConsentByLink,
  answerUserRenewalConsent,
  renewalConsentByLink,
  userRenewalConsent,
} from '../../../shared/api/renewal-consent.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { call } from '../helpers.ts';
import type { OutboxMail } from '../identity/accounts.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { DAY_MS, isolated } from './isolated-subscribers.ts';

/**
 * Consent before a renewal costs more (issue 26 point 3; 전자상거래법 제13조 제6항, 시행령 제20조의2),
 * on the test clock of a runtime of its own. A first period bought with a 50% preregistration coupon
 * renews at the plan's full price: within the 30 days before, the customer is asked by mail; the
 * renewal charges the higher amount only with the recorded consent, and otherwise (declined, silent,
 * withdrawn) the subscription ends at its period's end, uncharged, with a mail. A renewal at the price
 * last charged asks nothing.
 */
let runtime: { url: string; stop: () => Promise<void> };
let site: ReturnType<typeof isolated>;
const FULL_PRICE = 8.99;
const CONSENT_SUBJECT = '[Cutloom] Your next payment changes: we need your consent';
const ENDED_SUBJECT = '[Cutloom] Your subscription has ended';

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
  site = isolated(runtime.url);
}, 90_000);

afterAll(async () => {
  await runtime?.stop();
});

/** A discounted subscriber, once the consent's look has run: the account, its key, expiry and consent mail. */
async function askedSubscriber() {
  const account = await site.account(50);
  const { customerUid, amount } = await site.subscribe(account);
  expect(amount).toBeLessThan(FULL_PRICE);
  const token = await site.token(account);
  const billing = (await call(userBilling, {}, { ...site.options, token })).body.result.plan;
  const renewsAt = billing.expiredAt as number;
  expect(await site.schedulesOf(account.uid)).toContainEqual(expect.stringMatching(/^rcn-/));
  // The look runs 30 days before the renewal, or a minute after the purchase when that is closer.
  await site.clockTo(Math.max(renewsAt - 30 * DAY_MS, await site.now()) + 2 * 60_000);
  const mail = await consentMail(account.email);
  return { account, customerUid, amount, renewsAt, mail, token };
}

async function consentMail(email: string): Promise<OutboxMail> {
  const mails = (await site.mailsTo(email)).filter((mail) => mail.subject === CONSENT_SUBJECT);
  expect(mails).toHaveLength(1);
  return mails[0] as OutboxMail;
}

const linkToken = (link: string | undefined) => new URL(link ?? '').searchParams.get('token') ?? '';

describe('a renewal that costs more than the last charge', () => {
  it('is asked for by mail within the 30 days before, and with consent by the mail’s link charges the higher amount', async () => {
    const { account, customerUid, amount, renewsAt, mail, token } = await askedSubscriber();
    expect(mail.text).toContain(`will cost US$${FULL_PRICE} instead of US$${amount}`);
    expect(mail.text).toContain('the discount on your first payment ends');
    expect(mail.text).toContain('nothing is charged and the subscription ends on');
    expect(mail.text).toContain('You can withdraw your consent at any time before');
    const [agree, decline, billing] = mail.links;
    expect(agree).toMatch(/\/en\/account\/renewal-consent\?token=.+&choice=consent$/);
    expect(decline).toMatch(/&choice=decline$/);
    expect(billing).toMatch(/\/en\/account\/billing$/);

    // The billing page tells the same, and the link answers without signing in.
    const shown = (await call(userRenewalConsent, {}, { ...site.options, token })).body.result;
    expect(shown).toMatchObject({ amount: FULL_PRICE, lastCharge: amount, status: 'asked', open: true });
    expect(shown.reason).toBe('discount-ends');
    const read = await call(renewalConsentByLink, { token: linkToken(agree) }, site.options);
    expect(read.body.result).toMatchObject({ renewsAt, amount: FULL_PRICE, status: 'asked' });
    const agreed = await call(
      answerRenewalConsentByLink,
      { token: linkToken(agree), choice: 'consent' },
      site.options,
    );
    expect(agreed.body.result.status).toBe('consented');
    // Repeated (a second press, a retried request): the same answer, recorded once.
    await call(answerRenewalConsentByLink, { token: linkToken(agree), choice: 'consent' }, site.options);

    await site.clockTo(renewsAt + 60_000);
    const charged = await site.charges(customerUid);
    expect(charged.map((charge) => charge.amount)).toEqual([amount, FULL_PRICE]);
    // The console shows when and where the consent was given.
    const info = await call(
      adminUserInfo,
      { uid: account.uid },
      { ...site.options, token: await site.operatorToken() },
    );
    expect(info.body.renewalConsents).toEqual([
      expect.objectContaining({
        status: 'consented',
        consentedVia: 'mail',
        amount: FULL_PRICE,
        lastCharge: amount,
      }),
    ]);
    expect(info.body.userActivities).toContainEqual(
      expect.objectContaining({ action: 'subscription.renewal-consent' }),
    );
    // The answer is closed once the renewal was due.
    const late = await call(
      answerRenewalConsentByLink,
      { token: linkToken(decline), choice: 'decline' },
      site.options,
    );
    expect(late.status).toBe(410);
  }, 120_000);

  it('declined on the billing page, ends the subscription at the period’s end with a mail, uncharged', async () => {
    const { customerUid, renewsAt, token, account } = await askedSubscriber();
    const declined = await call(answerUserRenewalConsent, { choice: 'decline' }, { ...site.options, token });
    expect(declined.body.result.status).toBe('declined');
    await site.clockTo(renewsAt + 60_000);
    expect(await site.charges(customerUid)).toHaveLength(1);
    const [ended] = (await site.mailsTo(account.email)).filter((mail) => mail.subject === ENDED_SUBJECT);
    expect(ended?.text).toContain(`We did not have your consent to the new amount (US$${FULL_PRICE})`);
    expect(ended?.text).toContain('Nothing was charged.');
    expect(ended?.links.at(-1)).toMatch(/\/en\/payment\/pricepolicy$/);
    // Not charged on any retry day either, and the plan is over.
    await site.clockTo(renewsAt + 6 * DAY_MS);
    expect(await site.charges(customerUid)).toHaveLength(1);
    const billing = await call(userBilling, {}, { ...site.options, token: await site.token(account) });
    expect(billing.body.result.plan).toBeNull();
  }, 120_000);

  it('left unanswered (silence is no consent), ends the subscription the same way', async () => {
    const { customerUid, renewsAt, account } = await askedSubscriber();
    await site.clockTo(renewsAt + 60_000);
    expect(await site.charges(customerUid)).toHaveLength(1);
    expect((await site.mailsTo(account.email)).map((mail) => mail.subject)).toContain(ENDED_SUBJECT);
  }, 120_000);

  it('consented, then withdrawn on the billing page before the date, ends uncharged', async () => {
    const { customerUid, renewsAt, token, mail } = await askedSubscriber();
    await call(
      answerRenewalConsentByLink,
      { token: linkToken(mail.links[0]), choice: 'consent' },
      site.options,
    );
    const withdrawn = await call(answerUserRenewalConsent, { choice: 'decline' }, { ...site.options, token });
    expect(withdrawn.body.result.status).toBe('declined');
    await site.clockTo(renewsAt + 60_000);
    expect(await site.charges(customerUid)).toHaveLength(1);
  }, 120_000);
});

describe('a renewal at the price last charged', () => {
  it('asks nothing and renews', async () => {
    const account = await site.account();
    const { customerUid, amount } = await site.subscribe(account);
    expect(amount).toBe(FULL_PRICE);
    const token = await site.token(account);
    const { expiredAt } = (await call(userBilling, {}, { ...site.options, token })).body.result.plan;
    await site.clockTo(Math.max(expiredAt - 30 * DAY_MS, await site.now()) + 2 * 60_000);
    expect((await call(userRenewalConsent, {}, { ...site.options, token })).body.result).toBeNull();
    await site.clockTo(expiredAt + 60_000);
    expect((await site.charges(customerUid)).map((charge) => charge.amount)).toEqual([
      FULL_PRICE,
      FULL_PRICE,
    ]);
    expect((await site.mailsTo(account.email)).map((mail) => mail.subject)).not.toContain(CONSENT_SUBJECT);
  }, 120_000);
});
