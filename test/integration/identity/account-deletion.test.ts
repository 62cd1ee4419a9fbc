import { describe, expect, inject, it } from 'vitest';
import { eraseAccount } from '../../../functions/core/account-deletion/erasure.ts';
import { db } from '../../../functions/core/data/service.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { findUserByEmail, getUser, updateUser } from '../../../functions/core/data/user-repository.ts';
import { hashPassword } from '../../../functions/core/identity/password.ts';
import { confirmAccountDeletion, deleteAccount } from '../../../shared/api/account-deletion.ts';
import { oauthSignIn, oauthSignUp, refreshToken, signUp } from '../../../shared/api/identity.ts';
import { recordUsage } from '../../../shared/api/usage.ts';
import { adminUserList } from '../../../shared/api/users.ts';
import { retentionTtl } from '../../../shared/data/record-retention.ts';
import { adminToken, call, send, uniqueId } from '../helpers.ts';
import {
  checkout,
  confirm,
  newCustomer,
  openSession,
  placeOrder,
  subscriber,
} from '../orders/order-helpers.ts';
import { googleAccessToken, mailsTo, newEmail, PASSWORD, refreshCookie, signInAs } from './accounts.ts';

/**
 * Account deletion (회원 탈퇴, issue 26 point 4; 개인정보보호법 제21조, 전자상거래법 제6조 and 시행령
 * 제6조): after a fresh sign-in the account is deleted at once (renewals stopped, sign-in refused, the
 * address released for a new account, a mail first), its usage log erased and every record the law keeps
 * given its expiry by the erasure's run; refused, saying why, while money is in flight.
 */
async function withPassword(customer: { uid: string }) {
  await updateUser(customer.uid, { passwordHash: await hashPassword(PASSWORD), providers: ['password'] });
}

/** The renewal's pending runs of a plan: the renewal, the consent's look, the reminder. */
async function pendingRunsOf(planId: string): Promise<string[]> {
  const answer = await send(new URL('/_local/schedules.json', inject('apiUrl')), { method: 'GET' });
  return (answer.body as { schedules: Array<{ Name: string }> }).schedules
    .map((schedule) => schedule.Name)
    .filter((name) => /^(rnw|rcn|rmd)-/.test(name) && name.includes(planId));
}

describe('an account’s deletion', () => {
  it('after a fresh sign-in: renewals stop, sign-in and sessions end, the address is free, personal data goes and the kept records expire', {
    timeout: 90_000,
  }, async () => {
    const buyer = await subscriber('MR_LIGHT_V3');
    await withPassword(buyer);
    const [plan] = await listUserPlans(buyer.uid);
    if (!plan) throw new Error('no plan');
    expect(await pendingRunsOf(plan.planId)).not.toEqual([]);
    const used = await call(
      recordUsage,
      { entryId: uniqueId('entry'), usageType: 'STT', count: 60, clientType: 'desktop' },
      { token: buyer.token },
    );
    expect(used.body.result?.success, JSON.stringify(used.body)).toBe(true);
    expect((await db().entities.usageCounter.get({ uid: buyer.uid }).go()).data).not.toBeNull();
    const session = refreshCookie(await signInAs({ email: buyer.email, password: PASSWORD }));

    // The fresh sign-in: a wrong password is a failed sign-in; the right one answers the deletion token.
    const wrong = await call(
      confirmAccountDeletion,
      { reauthentication: { kind: 'password', password: 'not-it-1' } },
      { token: buyer.token },
    );
    expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    const confirmed = await call(
      confirmAccountDeletion,
      { reauthentication: { kind: 'password', password: PASSWORD } },
      { token: buyer.token },
    );
    expect(confirmed.body.result.blocker).toBeNull();
    const forged = await call(
      deleteAccount,
      { deletionToken: buyer.token, language: 'en' },
      { token: buyer.token },
    );
    expect(forged.status).toBe(401);
    const deleted = await call(
      deleteAccount,
      { deletionToken: confirmed.body.result.deletionToken, language: 'en' },
      { token: buyer.token },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const { deletedAt } = deleted.body.result;

    // Mailed before the address went, in the account's language (Korean).
    const [mail] = await mailsTo(buyer.email);
    expect(mail?.subject).toBe('[Cutloom] 회원 탈퇴가 완료되었습니다');
    expect(mail?.text).toContain('계약·결제 및 공급에 관한 기록은 5년');
    // Renewals stopped: the plan runs out uncharged, nothing is left to run, no card is left to charge.
    const [ended] = await listUserPlans(buyer.uid);
    expect(ended?.planStatus).toBe('UNSCHEDULED');
    expect(await pendingRunsOf(plan.planId)).toEqual([]);
    const sandbox = await send(new URL('/_local/payments.json', inject('apiUrl')), { method: 'GET' });
    expect(
      (sandbox.body as { billingKeys: Array<{ customer_uid: string }> }).billingKeys.map(
        (key) => key.customer_uid,
      ),
    ).not.toContain(plan.customerUid);
    // Sign-in finds no account; the session of before cannot be refreshed.
    const signIn = await signInAs({ email: buyer.email, password: PASSWORD });
    expect(signIn.body.error.code).toBe('EMAIL_NOT_FOUND');
    const refreshed = await call(
      refreshToken,
      { clientType: 'landing', language: 'en', refreshFor: 'renew' },
      { cookies: [session?.pair ?? ''] },
    );
    expect(refreshed.status).toBe(401);
    // The account item keeps a pseudonym and its dates, and expires with the contract's records.
    const user = await getUser(buyer.uid);
    expect(user).toMatchObject({
      deleted: true,
      deletedAt,
      name: buyer.uid,
      emailVerified: false,
      providers: [],
    });
    expect(user?.email).toBe(`${buyer.uid}@deleted.invalid`);
    expect(user?.passwordHash).toBeUndefined();
    expect(user?.ttl).toBe(retentionTtl(deletedAt, 'contract'));
    expect(await findUserByEmail(buyer.email)).toBeUndefined();
    const { entities } = db();
    expect((await entities.paymentContact.get({ uid: buyer.uid }).go()).data).toBeNull();
    expect((await entities.usageCounter.get({ uid: buyer.uid }).go()).data).toBeNull();

    // The erasure's run (the erase-account target, run here as the scheduler would): the usage log goes,
    // payments, orders, plans and activities get their expiry; a second run finds nothing left to do.
    expect(await eraseAccount({ uid: buyer.uid, deletedAt, pass: 'first', part: 0 })).toBe('done');
    expect((await entities.usageEntry.query.byEntry({ uid: buyer.uid }).go()).data).toEqual([]);
    const [payment] = (await entities.payment.query.byUser({ uid: buyer.uid }).go()).data;
    expect(payment?.ttl).toBe(retentionTtl(payment?.paidAt ?? 0, 'payment'));
    // Kept with who paid (전자상거래법 제6조 제3항), until it expires.
    expect(payment?.userEmail).toBeTruthy();
    const orders = (await entities.paymentOrder.query.byUser({ uid: buyer.uid }).go()).data;
    for (const order of orders) expect(order.ttl).toBe(retentionTtl(order.created, 'contract'));
    const [keptPlan] = (await entities.userPlan.query.byPlan({ uid: buyer.uid }).go()).data;
    expect(keptPlan?.ttl).toBe(retentionTtl(keptPlan?.expiredAt ?? 0, 'payment'));
    const activities = (await entities.userActivity.query.byUser({ uid: buyer.uid }).go()).data;
    expect(activities.map((activity) => activity.action)).toContain('account.delete');
    for (const activity of activities) expect(activity.ttl).toBe(retentionTtl(activity.created, 'contract'));
    expect(await eraseAccount({ uid: buyer.uid, deletedAt, pass: 'last', part: 0 })).toBe('done');

    // The console lists it struck through with its date; the address signs up again as a new account.
    const listed = await call(adminUserList, { uid: buyer.uid }, { token: await adminToken() });
    expect(listed.body.users).toEqual([
      expect.objectContaining({ uid: buyer.uid, deleted: true, deletedAt }),
    ]);
    const again = await call(signUp, {
      name: 'Kim Again',
      email: buyer.email,
      password: PASSWORD,
      language: 'en',
      clientType: 'landing',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.user.uid).not.toBe(buyer.uid);
  });

  it('waits while a virtual account awaits its deposit, saying until when', async () => {
    const buyer = await newCustomer();
    await withPassword(buyer);
    const { sessionInfo } = await openSession(buyer, { planName: 'Y1_STANDARD_V3' });
    const order = await placeOrder(sessionInfo, 'vbank');
    await checkout(sessionInfo, order, 'vbank', 'vbank');
    await confirm(sessionInfo.guid, order.merchantUid);
    const confirmed = await call(
      confirmAccountDeletion,
      { reauthentication: { kind: 'password', password: PASSWORD } },
      { token: buyer.token },
    );
    expect(confirmed.body.result.blocker).toMatchObject({ reason: 'deposit-awaited' });
    expect(confirmed.body.result.blocker.until).toBeGreaterThan(Date.now());
    const refused = await call(
      deleteAccount,
      { deletionToken: confirmed.body.result.deletionToken, language: 'ko' },
      { token: buyer.token },
    );
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'ACCOUNT_HAS_OPEN_PAYMENT', reason: 'deposit-awaited' });
    expect((await getUser(buyer.uid))?.deleted).toBe(false);
    expect(await mailsTo(buyer.email)).not.toContainEqual(
      expect.objectContaining({ subject: '[Cutloom] 회원 탈퇴가 완료되었습니다' }),
    );
  });

  it('of a Google account: signed in again with Google, that account only; afterwards Google signs up anew', async () => {
    const email = newEmail('google-delete');
    const google = {
      credentialType: 'access_token',
      providerId: 'google.com',
      clientType: 'landing',
      language: 'en',
    };
    const credential = await googleAccessToken(email, 'Ada Kim');
    const created = await call(oauthSignUp, { ...google, credential });
    const uid = created.body.result.user.uid as string;
    const signedIn = await call(oauthSignIn, { ...google, credential, throwIfNotExists: true });
    const token = signedIn.body.session.idToken as string;
    const someoneElse = await googleAccessToken(newEmail('google-other'));
    const refused = await call(
      confirmAccountDeletion,
      { reauthentication: { kind: 'google', accessToken: someoneElse } },
      { token },
    );
    expect(refused.body.error.code).toBe('INVALID_ID_TOKEN');
    const confirmed = await call(
      confirmAccountDeletion,
      { reauthentication: { kind: 'google', accessToken: credential } },
      { token },
    );
    const deleted = await call(
      deleteAccount,
      { deletionToken: confirmed.body.result.deletionToken, language: 'en' },
      { token },
    );
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(200);
    const again = await call(oauthSignIn, { ...google, credential, throwIfNotExists: true });
    expect(again.body.error.code).toBe('EMAIL_NOT_FOUND');
    const anew = await call(oauthSignUp, { ...google, credential });
    expect(anew.body.result).toMatchObject({ isSignUp: true });
    expect(anew.body.result.user.uid).not.toBe(uid);
  });
});
