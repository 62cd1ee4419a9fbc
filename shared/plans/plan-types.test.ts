import { describe, expect, it } from 'vitest';
import { planOfName } from './plan-types.ts';

describe('planOfName', () => {
  it('reads the type and period a plan name spells, and nothing from another name', () => {
    expect(planOfName('MR_STANDARD_V3')).toEqual({ planType: 'STANDARD', period: 'MONTHLY' });
    expect(planOfName('Y1_LIGHT_V3')).toEqual({ planType: 'LIGHT', period: 'ONE_YEAR' });
    expect(planOfName('YR_BUSINESS')).toEqual({ planType: 'BUSINESS', period: 'ANNUAL' });
    expect(planOfName('ACME_PARTNER_PLAN')).toBeUndefined();
    expect(planOfName('MR_GOLD_V3')).toBeUndefined();
  });
});
