import { describe, expect, it } from 'vitest';
import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  LEGACY_PLAN_PRICES,
  PARTNER_CATALOGUES,
} from '../../../shared/plans/price-book.ts';
import {
  type DirectDeposit,
  depositPaymentRecord,
  depositPlanIn,
  depositPlanRecord,
} from './deposit-records.ts';

const builtIn = { prices: BUILT_IN_PLAN_PRICES, usages: BUILT_IN_PLAN_USAGES };
const legacy = { prices: LEGACY_PLAN_PRICES, usages: BUILT_IN_PLAN_USAGES };
const usage = (type: string) => BUILT_IN_PLAN_USAGES.find((candidate) => candidate.planType === type);

const deposit: DirectDeposit = {
  depositId: 'dep_0123456789abcdefghjkmnpqrs',
  uid: 'user-1',
  userName: '김하늘',
  userEmail: 'sky@example.com',
  userPhone: '+821012345678',
  planName: 'Y1_STANDARD_V3',
  price: 200000,
  currency: 'KRW',
  paymentType: 'event',
  desc: 'bank transfer of 3 March',
};
// 1 March 2026 10:00 in Seoul.
const paidAt = Date.parse('2026-03-01T01:00:00Z');

describe('the plan a deposit may grant', () => {
  it('is a built-in deposit plan (section 9) with its plan type’s quotas, from the catalogue that holds it', () => {
    expect(depositPlanIn('Y1_STANDARD_V3', 'default', builtIn)).toEqual({
      catalogue: 'default',
      plan: BUILT_IN_PLAN_PRICES.find((plan) => plan.name === 'Y1_STANDARD_V3'),
      usage: usage('STANDARD'),
    });
    expect(depositPlanIn('Y1_LIGHT_V2', 'legacy', legacy)?.usage).toEqual(usage('LIGHT'));
    expect(depositPlanIn('Y3_BUSINESS', 'default', builtIn)?.plan.period).toBe('THREE_YEAR');
  });

  it('is none for another name, a name the catalogue lacks, or a plan type without quotas', () => {
    expect(depositPlanIn('MR_STANDARD_V3', 'default', builtIn)).toBeUndefined();
    expect(depositPlanIn('Y1_LIGHT_V2', 'default', builtIn)).toBeUndefined();
    expect(depositPlanIn('Y1_LIGHT_V3', 'default', { ...builtIn, usages: [] })).toBeUndefined();
    // A partner's pass is a custom plan: deposits grant only the built-in names.
    const partner = PARTNER_CATALOGUES.malgnsoft;
    expect(partner && depositPlanIn('M6_BUSINESS_MALGNSOFT', 'malgnsoft', partner)).toBeUndefined();
  });

  it('is never a subscription, even one a catalogue would list under a deposit name: nothing renews a deposit', () => {
    const renewing = BUILT_IN_PLAN_PRICES.map((plan) =>
      plan.name === 'Y1_LIGHT_V3' ? { ...plan, period: 'ANNUAL' as const, isSubscription: true } : plan,
    );
    expect(depositPlanIn('Y1_LIGHT_V3', 'default', { ...builtIn, prices: renewing })).toBeUndefined();
  });
});

describe('what a deposit records', () => {
  const standardPass = () => {
    const found = depositPlanIn('Y1_STANDARD_V3', 'default', builtIn);
    if (!found) throw new Error('Y1_STANDARD_V3 is a deposit plan');
    return found;
  };

  it('is a pass from the payment to the end of its period, with the plan type’s quotas, that nothing renews', () => {
    const standard = usage('STANDARD');
    expect(depositPlanRecord(deposit, standardPass(), paidAt)).toEqual({
      uid: 'user-1',
      planId: deposit.depositId,
      planName: 'Y1_STANDARD_V3',
      planType: 'STANDARD',
      period: 'ONE_YEAR',
      isSubscription: false,
      catalogue: 'default',
      paidAt,
      expiredAt: Date.parse('2027-03-01T01:00:00Z'),
      planStatus: 'UNSCHEDULED',
      customerUid: 'direct_deposit',
      price: 200000,
      payMethod: 'direct_deposit',
      pg: 'direct_deposit',
      currency: 'KRW',
      sttLimit: standard?.sttUsage,
      ttsLimit: standard?.ttsUsage,
      translateLimit: standard?.translateUsage,
      genimageLimit: standard?.genimageUsage,
      cloudStorageLimit: standard?.cloudStorageUsage,
      userTTSSpeakerLimit: standard?.userTTSSpeakerUsage,
      isTest: false,
    });
  });

  it('is a paid payment at the price the operator recorded, by the payer named', () => {
    expect(depositPaymentRecord(deposit, paidAt)).toEqual({
      merchantUid: deposit.depositId,
      uid: 'user-1',
      paidAt,
      planName: 'Y1_STANDARD_V3',
      payMethod: 'direct_deposit',
      pg: 'direct_deposit',
      price: 200000,
      currency: 'KRW',
      userName: '김하늘',
      userEmail: 'sky@example.com',
      userPhone: '+821012345678',
      status: 'paid',
      cancelledAmount: 0,
      customerUid: 'direct_deposit',
      paymentType: 'event',
      isTest: false,
    });
  });
});
