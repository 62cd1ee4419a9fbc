import { describe, expect, it } from 'vitest';
import { getPaymentSession } from '../../../functions/core/data/payment-session-repository.ts';
import {
  adminCustomPlanCreate,
  adminCustomPlanList,
  adminPlanNameChoices,
} from '../../../shared/api/custom-plans.ts';
import { createBillingKeyPayment, getPaymentSessionInfo } from '../../../shared/api/orders.ts';
import {
  adminConsoleSettings,
  adminPaymentProgressCreate,
  adminPaymentProgressList,
  adminUserPaymentList,
  updateUserContactInfo,
} from '../../../shared/api/payments.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { adminToken, allPages, call, customerToken, uniqueId } from '../helpers.ts';
import {
  type Customer,
  checkout,
  newCustomer,
  openSession,
  placeOrder,
  VISA_OK,
} from '../orders/order-helpers.ts';

/**
 * The console's money calls over HTTP (admin-console.md sections 2 to 9): the user detail's money
 * sections, contact info, custom plans, plan-name choices, payment progress and the payment search.
 * Every call is also walked by the admin route matrix (refusals to non-operators).
 */
async function subscriber(
  payer: Record<string, unknown> = {},
): Promise<{ buyer: Customer; merchantUid: string; customerUid: string }> {
  const buyer = await newCustomer();
  const { sessionInfo } = await openSession(buyer, { planName: 'MR_STANDARD_V3' });
  const order = await placeOrder(sessionInfo, 'card', payer);
  await checkout(sessionInfo, order, 'card', VISA_OK);
  const paid = await call(createBillingKeyPayment, {
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
    customerUid: order.customerUid,
  });
  expect(paid.body.result).toBe('success');
  return { buyer, merchantUid: order.merchantUid, customerUid: order.customerUid as string };
}

/** A custom plan name nobody holds yet, of the given prefix. */
const customName = (prefix: string) => `${prefix}_PLUS_${uniqueId('T').replace(/-/g, '').toUpperCase()}`;

const customPlan = (overrides: Record<string, unknown> = {}) => ({
  planName: customName('Y1'),
  period: 'ONE_YEAR',
  priceKo: 990_000,
  priceJa: 99_000,
  priceEn: 990,
  sttUsage: 7200 * 60,
  ttsUsage: 600_000,
  translateUsage: 1_800_000,
  genimageUsage: 6000,
  cloudStorageUsage: 60 * 1_073_741_824,
  userTTSSpeakerUsage: 6,
  referralType: '',
  description: 'Studio deal',
  ...overrides,
});

describe('the user detail’s money sections', () => {
  it('shows a free account with no plans, payments or contact, and FREE as its valid plan', async () => {
    const buyer = await newCustomer();
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token: await adminToken() });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      plans: [],
      payments: [],
      paymentContactInfo: null,
      validPlan: 'FREE',
    });
    expect(detail.body.checkedAt).toEqual(expect.any(Number));
  });

  it('shows a subscriber’s plan, payment and contact; the contact phone is updated and recorded', async () => {
    const { buyer, merchantUid, customerUid } = await subscriber();
    const token = await adminToken();
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body).toMatchObject({
      plans: [{ planName: 'MR_STANDARD_V3', planStatus: 'PAID', isSubscription: true, customerUid }],
      payments: [{ merchantUid, planName: 'MR_STANDARD_V3', price: 19900, currency: 'KRW', uid: buyer.uid }],
      paymentContactInfo: { contactPhoneNumber: '+821012345678' },
      validPlan: 'MR_STANDARD_V3',
    });

    const updated = await call(
      updateUserContactInfo,
      { uid: buyer.uid, phone: '+821098765432', desc: 'customer called' },
      { token },
    );
    expect(updated.body).toEqual({ result: { updated: true } });
    const after = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(after.body.paymentContactInfo.contactPhoneNumber).toBe('+821098765432');
    expect(after.body.userActivities[0]).toMatchObject({
      action: 'contact-info.update',
      desc: '+821098765432: customer called',
      operatorEmail: 'operator@example.com',
    });
  });

  it('refuses the contact update of an account without a paid subscription, and a malformed phone', async () => {
    const buyer = await newCustomer();
    const token = await adminToken();
    const refused = await call(
      updateUserContactInfo,
      { uid: buyer.uid, phone: '+821098765432', desc: 'try' },
      { token },
    );
    expect(refused.body.result).toMatchObject({ updated: false, errorType: 'USER_NOT_SUBSCRIBED' });
    const bad = await call(
      updateUserContactInfo,
      { uid: buyer.uid, phone: '010-98', desc: 'try' },
      { token },
    );
    expect(bad.body.error.code).toBe('invalid_argument');
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body.userActivities).toEqual([]);
  });
});

describe('custom plans', () => {
  it('creates a plan in stored units, lists it, offers a fixed-term one among the plan-name choices', async () => {
    const token = await adminToken();
    const plan = customPlan();
    const created = await call(adminCustomPlanCreate, { planInfo: plan, desc: 'signed deal' }, { token });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      ...plan,
      planType: 'CUSTOM',
      createdBy: 'operator@example.com',
    });
    const list = await call(adminCustomPlanList, {}, { token });
    expect(
      list.body.results.find((row: { planName: string }) => row.planName === plan.planName),
    ).toMatchObject({
      sttUsage: 432_000,
      cloudStorageUsage: 64_424_509_440,
    });

    const monthly = customPlan({ planName: customName('MR'), period: 'MONTHLY' });
    expect((await call(adminCustomPlanCreate, { planInfo: monthly, desc: 'deal' }, { token })).status).toBe(
      200,
    );
    const choices: string[] = (await call(adminPlanNameChoices, {}, { token })).body.planNames;
    expect(choices).toContain(plan.planName);
    expect(choices).toContain('Y3_BUSINESS');
    expect(choices).not.toContain(monthly.planName);
    expect(choices).toEqual([...choices].sort());
  });

  it('refuses a taken name, a name not matching its period, a non-positive price and an unknown partner', async () => {
    const token = await adminToken();
    const plan = customPlan();
    await call(adminCustomPlanCreate, { planInfo: plan, desc: 'deal' }, { token });
    expect(
      (await call(adminCustomPlanCreate, { planInfo: plan, desc: 'again' }, { token })).body.error.code,
    ).toBe('conflict');
    const bad = await call(
      adminCustomPlanCreate,
      {
        planInfo: customPlan({ planName: customName('MR'), priceKo: 0, referralType: 'someone' }),
        desc: 'deal',
      },
      { token },
    );
    expect(bad.body.error.code).toBe('invalid_argument');
    for (const key of ['plan_name_period', 'price_positive', 'referral_type'])
      expect(bad.body.error.msg).toContain(`console-plans:validation.${key}`);
    const noDesc = await call(adminCustomPlanCreate, { planInfo: customPlan(), desc: '' }, { token });
    expect(noDesc.body.error.code).toBe('invalid_argument');
  });

  it('puts a partner’s plan in the partner’s catalogue', async () => {
    const token = await adminToken();
    const plan = customPlan({ referralType: 'manebi' });
    const created = await call(adminCustomPlanCreate, { planInfo: plan, desc: 'partner deal' }, { token });
    expect(created.body.result).toMatchObject({ planName: plan.planName, referralType: 'manebi' });
  });
});

describe('payment progress', () => {
  it('opens an order link session at a custom plan, in the currency’s language, listed newest first', async () => {
    const token = await adminToken();
    const plan = customPlan();
    await call(adminCustomPlanCreate, { planInfo: plan, desc: 'deal' }, { token });
    const buyer = await newCustomer();
    const created = await call(
      adminPaymentProgressCreate,
      { uid: buyer.uid, planName: plan.planName, currency: 'JPY', desc: 'sent by mail' },
      { token },
    );
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      uid: buyer.uid,
      planName: plan.planName,
      currency: 'JPY',
      createdStatus: 'init_custom',
      desc: 'sent by mail',
    });
    const guid = created.body.result.guid as string;
    expect(await getPaymentSession(guid)).toMatchObject({
      language: 'ja',
      createdBy: 'operator@example.com',
    });
    const info = await call(getPaymentSessionInfo, { guid });
    expect(info.body.sessionInfo).toMatchObject({
      planPriceInfo: { name: plan.planName },
      planTypesOffered: ['CUSTOM'],
      showAccountType: false,
    });

    const second = await call(
      adminPaymentProgressCreate,
      { uid: buyer.uid, planName: 'Y1_LIGHT_V3', currency: 'KRW', desc: 'second' },
      { token },
    );
    const list = await call(adminPaymentProgressList, { uid: buyer.uid }, { token });
    expect(list.body.result.map((row: { guid: string }) => row.guid)).toEqual([
      second.body.result.guid,
      guid,
    ]);
    const detail = await call(adminUserInfo, { uid: buyer.uid }, { token });
    expect(detail.body.userActivities.map((row: { action: string }) => row.action)).toEqual([
      'payment-progress.create',
      'payment-progress.create',
    ]);
  });

  it('refuses an account holding a plan, a plan outside the choices and a missing desc', async () => {
    const { buyer } = await subscriber();
    const token = await adminToken();
    const held = await call(
      adminPaymentProgressCreate,
      { uid: buyer.uid, planName: 'Y1_BUSINESS_V3', currency: 'KRW', desc: 'second plan' },
      { token },
    );
    expect(held.body.error).toMatchObject({ code: 'invalid_argument' });
    expect(held.body.error.msg).toBe('console-payments:refusal.active_plan');
    const free = await newCustomer();
    const outside = await call(
      adminPaymentProgressCreate,
      { uid: free.uid, planName: 'MR_LIGHT_V3', currency: 'KRW', desc: 'no' },
      { token },
    );
    expect(outside.body.error.code).toBe('invalid_argument');
    const noDesc = await call(
      adminPaymentProgressCreate,
      { uid: free.uid, planName: 'Y1_LIGHT_V3', currency: 'KRW', desc: '' },
      { token },
    );
    expect(noDesc.body.error.code).toBe('invalid_argument');
    expect((await call(adminPaymentProgressList, { uid: free.uid }, { token })).body.result).toEqual([]);
  });

  it('gives the console the stage and site address its order links are built from', async () => {
    const settings = await call(adminConsoleSettings, {}, { token: await adminToken() });
    expect(settings.body).toMatchObject({
      stage: expect.any(String),
      siteUrl: expect.stringMatching(/^http/),
    });
    expect((await call(adminConsoleSettings, {}, { token: await customerToken() })).status).toBe(401);
  });
});

describe('the payment search', () => {
  it('finds payments by uid, phone, payer e-mail (whole or prefix) and payer name; nothing without a filter', async () => {
    const { buyer, merchantUid } = await subscriber();
    const token = await adminToken();
    const search = async (filter: Record<string, unknown>) =>
      (await call(adminUserPaymentList, filter, { token })).body.users.map(
        (row: { merchantUid: string }) => row.merchantUid,
      ) as string[];
    expect(await search({})).toEqual([]);
    expect(await search({ from: 0, to: Date.now() + 1000 })).toEqual([]);
    expect(await search({ uid: buyer.uid })).toEqual([merchantUid]);
    expect(await search({ phone: '+821012345678', uid: buyer.uid })).toEqual([merchantUid]);
    expect(await search({ email: 'BUYER@example.com' })).toContain(merchantUid);
    expect(await search({ email: 'buyer@exa', partial: true })).toContain(merchantUid);
    // No payer address matches in full: the addresses starting with it are searched instead.
    expect(await search({ email: 'buyer@exa' })).toContain(merchantUid);
    expect(await search({ name: 'kim buyer', uid: buyer.uid })).toEqual([merchantUid]);
    expect(await search({ uid: buyer.uid, to: 1 })).toEqual([]);
  });

  it('pages through the payments whose payer e-mail starts with a prefix, a page at a time', async () => {
    const prefix = uniqueId('pager').toLowerCase();
    const paid = [
      await subscriber({ userEmail: `${prefix}-one@example.com` }),
      await subscriber({ userEmail: `${prefix}-two@example.com` }),
    ];
    const token = await adminToken();
    const filter = { email: prefix, partial: true, from: 0, to: Date.now() + 1000, limit: 1 };
    const first = await call(adminUserPaymentList, filter, { token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ cursor: expect.any(String) });
    expect(first.body.users).toHaveLength(1);
    const all = await allPages<{ merchantUid: string }>(adminUserPaymentList, filter, 'users', { token });
    expect(all.map((row) => row.merchantUid).sort()).toEqual(paid.map((one) => one.merchantUid).sort());
  });

  it('pages through the payments of every account a payer name leads to, one account after another', async () => {
    const userName = `Pager ${uniqueId('payer')}`;
    const paid = [await subscriber({ userName }), await subscriber({ userName })];
    const token = await adminToken();
    const first = await call(adminUserPaymentList, { name: userName.toLowerCase(), limit: 1 }, { token });
    expect(first.body).toMatchObject({ partial: false, cursor: expect.any(String) });
    expect(first.body.users).toHaveLength(1);
    const all = await allPages<{ merchantUid: string }>(
      adminUserPaymentList,
      { name: userName, limit: 1 },
      'users',
      { token },
    );
    expect(all.map((row) => row.merchantUid).sort()).toEqual(paid.map((one) => one.merchantUid).sort());
  });
});
