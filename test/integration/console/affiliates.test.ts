import { describe, expect, inject, it } from 'vitest';
import {
  adminAffiliateInfo,
  adminAffiliateList,
  adminAffiliatePaymentSettlements,
  adminAffiliateSignUpSettlements,
  adminUpsertAffiliate,
} from '../../../shared/api/affiliates.ts';
import { adminDirectDepositCreate } from '../../../shared/api/direct-deposits.ts';
import { adminUserCreate } from '../../../shared/api/users.ts';

import { formatKst, INVALID_DATE_FORMAT, KST_DATE } from '../../../shared/time/kst.ts';
import { adminToken, allPages, call, uniqueId } from '../helpers.ts';

/** Affiliates and their settlements over HTTP: sign-ups through a code, and their first payments. */
async function serverToday(): Promise<string> {
  const clock = (await (await fetch(new URL('/_local/clock', inject('apiUrl')))).json()) as { now: string };
  return formatKst(Date.parse(clock.now), KST_DATE);
}

const code = () => uniqueId('AFF').replace(/-/g, '').toUpperCase();

function affiliate(couponCode: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Partner ${couponCode}`,
    countryCode: 'KR',
    couponCode,
    couponType: 'discount',
    startedAt: Date.UTC(2020, 0, 1),
    expiredAt: Date.UTC(2099, 0, 1),
    hasSignUpReward: true,
    signUpRewardCurrency: 'KRW',
    signUpRewardAmount: 3000,
    hasPaymentShare: true,
    paymentSharePercentage: 15,
    ...overrides,
  };
}

describe('affiliates', () => {
  it('are created and edited by coupon code (upper case); turned-off terms are cleared; bad terms refused', async () => {
    const token = await adminToken();
    const couponCode = code();
    const created = await call(adminUpsertAffiliate, affiliate(couponCode.toLowerCase()), { token });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.result).toMatchObject({
      couponCode,
      signUpRewardAmount: 3000,
      paymentSharePercentage: 15,
    });

    const edited = await call(
      adminUpsertAffiliate,
      affiliate(couponCode, {
        name: 'Renamed',
        hasSignUpReward: false,
        hasPaymentShare: false,
        countryCode: 'JP',
      }),
      { token },
    );
    expect(edited.body.result).toMatchObject({
      name: 'Renamed',
      countryCode: 'JP',
      hasSignUpReward: false,
      signUpRewardAmount: 0,
      hasPaymentShare: false,
      paymentSharePercentage: 0,
      created: created.body.result.created,
    });
    expect(edited.body.result.signUpRewardCurrency).toBeUndefined();
    expect((await call(adminAffiliateInfo, { couponCode }, { token })).body.result.name).toBe('Renamed');
    const list = await allPages<{ couponCode: string }>(adminAffiliateList, {}, 'result', { token });
    expect(list.map((row) => row.couponCode)).toContain(couponCode);

    const refused = async (overrides: Record<string, unknown>) => {
      const answer = await call(adminUpsertAffiliate, affiliate(code(), overrides), { token });
      expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
      return answer.body.error.msg as string;
    };
    expect(await refused({ countryCode: 'FR', couponType: 'cash' })).toMatch(
      /validation\.country.*validation\.coupon_type/s,
    );
    const terms = await refused({
      signUpRewardCurrency: undefined,
      paymentSharePercentage: 120,
      expiredAt: Date.UTC(2019, 0, 1),
    });
    for (const key of ['reward_currency', 'share_percentage', 'period'])
      expect(terms).toContain(`console-affiliates:validation.${key}`);
    expect((await call(adminAffiliateInfo, { couponCode: 'NOSUCHAFF' }, { token })).body.error.code).toBe(
      'not_found',
    );
  });
});

describe('the settlement search', () => {
  it('lists the sign-ups through affiliate codes in the KST day range, and their first payments with the share', async () => {
    const token = await adminToken();
    const couponCode = code();
    await call(adminUpsertAffiliate, affiliate(couponCode), { token });
    const uids: string[] = [];
    for (const name of ['Referred One', 'Referred Two']) {
      const created = await call(
        adminUserCreate,
        {
          info: {
            name,
            email: `${uniqueId('ref')}@example.com`,
            password: 'referred-pass1',
            language: 'ko',
            referralType: 'affiliate',
            referralCode: couponCode.toLowerCase(),
          },
        },
        { token },
      );
      uids.push(created.body.result.uid);
    }
    const deposit = await call(
      adminDirectDepositCreate,
      {
        uid: uids[0],
        planName: 'Y1_LIGHT_V3',
        price: 99_999,
        currency: 'KRW',
        userName: 'Referred One',
        userEmail: 'one@example.com',
        userPhone: '+821000000000',
        paymentType: 'plan',
        desc: 'affiliate sale',
      },
      { token },
    );
    expect(deposit.status, JSON.stringify(deposit.body)).toBe(200);

    const today = await serverToday();
    const signUps = await call(adminAffiliateSignUpSettlements, { from: today, to: today }, { token });
    expect(signUps.status, JSON.stringify(signUps.body)).toBe(200);
    const mine = signUps.body.result.filter((row: { couponCode: string }) => row.couponCode === couponCode);
    expect(mine.map((row: { uid: string }) => row.uid).sort()).toEqual([...uids].sort());
    expect(mine[0]).toMatchObject({
      isTarget: true,
      emailVerified: true,
      rewardAmount: 3000,
      rewardCurrency: 'KRW',
    });

    const payments = await call(adminAffiliatePaymentSettlements, { from: today, to: today }, { token });
    const paid = payments.body.result.filter((row: { couponCode: string }) => row.couponCode === couponCode);
    expect(paid).toEqual([
      expect.objectContaining({
        isTarget: true,
        uid: uids[0],
        planName: 'Y1_LIGHT_V3',
        price: 99_999,
        payNumber: 1,
        paymentShareAmount: 14_999,
      }),
    ]);

    // A range that ended yesterday holds none of them; a malformed date is refused.
    const before = await call(
      adminAffiliateSignUpSettlements,
      { from: '2020-01-01', to: '2020-01-31' },
      { token },
    );
    expect(before.body.result.some((row: { couponCode: string }) => row.couponCode === couponCode)).toBe(
      false,
    );
    const malformed = await call(
      adminAffiliatePaymentSettlements,
      { from: '2026/01/01', to: today },
      { token },
    );
    expect(malformed.body.error).toMatchObject({ code: 'invalid_argument', msg: INVALID_DATE_FORMAT });
  });
});
