import { describe, expect, it } from 'vitest';
import { PRICE_BOUNDS } from '../payments/price-bounds.ts';
import {
  type ChangeTarget,
  type ChangingPlan,
  PLAN_CHANGE_REFUSALS,
  planChangeBlock,
  planChangeClosed,
  planChangeRefusal,
  planGeneration,
  renewalTerms,
  WALLET_CHARGE_LIMITS,
} from './plan-change.ts';

const DUE = Date.UTC(2027, 0, 31);
const NOW = DUE - 10 * 86_400_000;

const standardMonthly: ChangingPlan = {
  planName: 'MR_STANDARD_V3',
  planType: 'STANDARD',
  period: 'MONTHLY',
  isSubscription: true,
  planStatus: 'PAID',
  expiredAt: DUE,
  currency: 'KRW',
  payMethod: 'card',
};

const target = (name: string, isSubscription = true): ChangeTarget => {
  const [prefix, planType] = name.split('_') as [string, ChangeTarget['planType']];
  return { name, planType, period: prefix === 'MR' ? 'MONTHLY' : 'ANNUAL', isSubscription };
};

describe('which subscriptions may schedule a change', () => {
  it('a renewing subscription, until its renewal is due or has begun', () => {
    expect(planChangeBlock(standardMonthly, NOW)).toBeUndefined();
    expect(planChangeBlock(standardMonthly, DUE - 1)).toBeUndefined();
    expect(planChangeBlock(standardMonthly, DUE)).toBe('renewal-due');
    expect(planChangeBlock({ ...standardMonthly, renewalBegunFor: DUE }, NOW)).toBe('renewal-due');
    // A mark left by the renewal of an earlier period closes nothing.
    expect(planChangeBlock({ ...standardMonthly, renewalBegunFor: DUE - 1 }, NOW)).toBeUndefined();
  });

  it('may replace or cancel its change until the renewal is due or has begun, whatever its status', () => {
    expect(planChangeClosed({ expiredAt: DUE }, DUE - 1)).toBe(false);
    expect(planChangeClosed({ expiredAt: DUE }, DUE)).toBe(true);
    expect(planChangeClosed({ expiredAt: DUE, renewalBegunFor: DUE }, NOW)).toBe(true);
    expect(planChangeClosed({ expiredAt: DUE, renewalBegunFor: DUE - 1 }, NOW)).toBe(false);
  });

  it('not a fixed-term pass, a cancelled renewal or a held plan, each with its reason', () => {
    expect(
      planChangeBlock({ ...standardMonthly, isSubscription: false, planStatus: 'UNSCHEDULED' }, NOW),
    ).toBe('fixed-term');
    expect(planChangeBlock({ ...standardMonthly, planStatus: 'UNSCHEDULED' }, NOW)).toBe('renewal-stopped');
    expect(planChangeBlock({ ...standardMonthly, planStatus: 'HOLD' }, NOW)).toBe('on-hold');
  });
});

describe('which plan a subscription may change to', () => {
  it('a lower plan of its family, in either period', () => {
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V3'), 9_900, NOW)).toBeUndefined();
    expect(planChangeRefusal(standardMonthly, target('YR_LIGHT_V3'), 99_000, NOW)).toBeUndefined();
  });

  it('the same plan over another period, both ways', () => {
    expect(planChangeRefusal(standardMonthly, target('YR_STANDARD_V3'), 199_000, NOW)).toBeUndefined();
    const yearly = { ...standardMonthly, planName: 'YR_STANDARD_V3', period: 'ANNUAL' } as const;
    expect(planChangeRefusal(yearly, target('MR_STANDARD_V3'), 19_900, NOW)).toBeUndefined();
  });

  it('not the plan it is, nor a higher plan (an upgrade is made now)', () => {
    expect(planChangeRefusal(standardMonthly, target('MR_STANDARD_V3'), 19_900, NOW)).toBe('current-plan');
    expect(planChangeRefusal(standardMonthly, target('MR_BUSINESS_V3'), 39_900, NOW)).toBe('higher-plan');
    expect(planChangeRefusal(standardMonthly, target('YR_BUSINESS_V3'), 399_000, NOW)).toBe('higher-plan');
  });

  it('not a plan of another family: a pass, another generation, a custom plan', () => {
    expect(planChangeRefusal(standardMonthly, target('Y1_LIGHT_V3', false), 118_800, NOW)).toBe(
      'other-family',
    );
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V2'), 9_900, NOW)).toBe('other-family');
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT'), 9_900, NOW)).toBe('other-family');
    const custom: ChangeTarget = {
      name: 'MR_CUSTOM_ACME',
      planType: 'CUSTOM',
      period: 'MONTHLY',
      isSubscription: true,
    };
    expect(planChangeRefusal(standardMonthly, custom, 9_900, NOW)).toBe('other-family');
    // Even of the same generation, a custom plan is in no tier: never a change at renewal.
    const sameGeneration: ChangeTarget = { ...custom, name: 'MR_CUSTOM_V3' };
    expect(planChangeRefusal(standardMonthly, sameGeneration, 9_900, NOW)).toBe('other-family');
    const customPlan = { ...standardMonthly, planName: 'MR_CUSTOM_ACME', planType: 'CUSTOM' } as const;
    expect(planChangeRefusal(customPlan, target('MR_LIGHT_ACME'), 9_900, NOW)).toBe('other-family');
  });

  it('follows the first names and the V2 names within their own generation', () => {
    const legacy = { ...standardMonthly, planName: 'MR_STANDARD' };
    expect(planChangeRefusal(legacy, target('MR_LIGHT'), 9_900, NOW)).toBeUndefined();
    expect(planChangeRefusal(legacy, target('MR_LIGHT_V2'), 9_900, NOW)).toBe('other-family');
    expect(
      planChangeRefusal(
        { ...standardMonthly, planName: 'MR_STANDARD_V2' },
        target('YR_STANDARD_V2'),
        199_000,
        NOW,
      ),
    ).toBeUndefined();
  });

  it('not a plan its currency has no valid price for', () => {
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V3'), undefined, NOW)).toBe('cannot-renew');
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V3'), 0, NOW)).toBe('cannot-renew');
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V3'), 9_900.5, NOW)).toBe('cannot-renew');
    const dollars = { ...standardMonthly, currency: 'USD' } as const;
    expect(planChangeRefusal(dollars, target('MR_LIGHT_V3'), 8.99, NOW)).toBeUndefined();
    expect(planChangeRefusal(dollars, target('MR_LIGHT_V3'), 8.999, NOW)).toBe('cannot-renew');
  });

  it('on the wallet, only won amounts from its minimum; its maximum lies above every price bound', () => {
    const wallet = { ...standardMonthly, payMethod: 'naver_pay' };
    expect(planChangeRefusal(wallet, target('YR_LIGHT_V3'), 99_000, NOW)).toBeUndefined();
    expect(WALLET_CHARGE_LIMITS).toEqual({ currency: 'KRW', min: 100 });
    expect(planChangeRefusal(wallet, target('MR_LIGHT_V3'), 99, NOW)).toBe('cannot-renew');
    expect(planChangeRefusal(wallet, target('MR_LIGHT_V3'), 100, NOW)).toBeUndefined();
    expect(planChangeRefusal({ ...wallet, currency: 'JPY' }, target('MR_LIGHT_V3'), 1_100, NOW)).toBe(
      'cannot-renew',
    );
    // The price bounds' maximum (1,436,400 won) is charged; above it, by no pay method.
    expect(planChangeRefusal(wallet, target('YR_LIGHT_V3'), 1_436_400, NOW)).toBeUndefined();
    expect(planChangeRefusal(wallet, target('YR_LIGHT_V3'), 1_436_401, NOW)).toBe('cannot-renew');
    expect(planChangeRefusal(standardMonthly, target('YR_LIGHT_V3'), 1_436_401, NOW)).toBe('cannot-renew');
    // The wallet's own maximum of one payment, 2,000,000 won, lies above every price the bounds allow.
    expect(PRICE_BOUNDS.KRW.real.max).toBeLessThan(2_000_000);
  });

  it('refuses anything while the subscription itself may schedule no change', () => {
    expect(planChangeRefusal(standardMonthly, target('MR_LIGHT_V3'), 9_900, DUE)).toBe('renewal-due');
    expect(
      planChangeRefusal(
        { ...standardMonthly, planStatus: 'UNSCHEDULED' },
        target('MR_STANDARD_V3'),
        19_900,
        NOW,
      ),
    ).toBe('renewal-stopped');
  });

  it('names every reason once', () => {
    expect(new Set(PLAN_CHANGE_REFUSALS).size).toBe(8);
  });
});

describe('the generation of a plan name', () => {
  it('is what follows the period and the type', () => {
    expect(planGeneration('MR_LIGHT_V3')).toBe('V3');
    expect(planGeneration('YR_BUSINESS_V2')).toBe('V2');
    expect(planGeneration('MR_LIGHT')).toBe('');
    expect(planGeneration('M6_BUSINESS_MALGN_SOFT')).toBe('MALGN_SOFT');
  });
});

describe('what the renewal charges and grants', () => {
  const plan = {
    planName: 'MR_STANDARD_V3',
    planType: 'STANDARD',
    period: 'MONTHLY',
    catalogue: 'default',
    price: 19_900,
    scheduledPrice: 21_900,
  } as const;

  it('is the plan itself at its renewal price without a change', () => {
    expect(renewalTerms(plan)).toEqual({
      planName: 'MR_STANDARD_V3',
      planType: 'STANDARD',
      period: 'MONTHLY',
      catalogue: 'default',
      amount: 21_900,
    });
  });

  it('is the scheduled change’s plan, period and price, naming the change', () => {
    const planChange = {
      changeId: 'chg-1',
      planName: 'YR_LIGHT_V3',
      planType: 'LIGHT',
      period: 'ANNUAL',
      catalogue: 'default',
      amount: 99_000,
    } as const;
    expect(renewalTerms({ ...plan, planChange })).toEqual({
      planName: 'YR_LIGHT_V3',
      planType: 'LIGHT',
      period: 'ANNUAL',
      catalogue: 'default',
      amount: 99_000,
      planChangeId: 'chg-1',
    });
  });
});
