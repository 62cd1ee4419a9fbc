import { describe, expect, it } from 'vitest';
import { getPaymentPlanInfoV2 } from '../../../shared/api/plans.ts';
import { builtInPlanInfo } from '../../../shared/plans/plan-info.ts';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../../../shared/plans/price-book.ts';
import { call } from '../helpers.ts';

describe('POST /payment/get-payment-plan-info-v2', () => {
  it('offers LIGHT and STANDARD with their usage infos at the default price version', async () => {
    const { status, body } = await call(getPaymentPlanInfoV2, {});
    expect(status).toBe(200);
    expect(body.result).toBe('success');
    expect(new Set(body.planPriceInfos.map((plan: { planType: string }) => plan.planType))).toEqual(
      new Set(['LIGHT', 'STANDARD']),
    );
    expect(body.planPriceInfos).toEqual(BUILT_IN_PLAN_PRICES.filter((plan) => plan.planType !== 'BUSINESS'));
    expect(body.planUsageInfos.map((usage: { planType: string }) => usage.planType).sort()).toEqual([
      'LIGHT',
      'STANDARD',
    ]);
    expect(body.planUsageInfos).toContainEqual(
      BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'LIGHT'),
    );
  });

  it("adds BUSINESS at the price version '1'", async () => {
    const { body } = await call(getPaymentPlanInfoV2, { priceVersion: '1' });
    expect(body.planPriceInfos).toEqual(BUILT_IN_PLAN_PRICES);
    expect(body.planUsageInfos.map((usage: { planType: string }) => usage.planType).sort()).toEqual([
      'BUSINESS',
      'LIGHT',
      'STANDARD',
    ]);
  });

  it('answers exactly the plans the pricing page shows without a call (the price book, pre-rendered)', async () => {
    // The table keeps the usage infos by plan type, not in the book's order; the page looks them up by type.
    const byType = (usages: Array<{ planType: string }>) =>
      [...usages].sort((a, b) => a.planType.localeCompare(b.planType));
    for (const priceVersion of [undefined, '1', '2']) {
      const { body } = await call(getPaymentPlanInfoV2, priceVersion ? { priceVersion } : {});
      const shown = builtInPlanInfo(priceVersion);
      expect(body.planPriceInfos, priceVersion).toEqual(shown.planPriceInfos);
      expect(byType(body.planUsageInfos), priceVersion).toEqual(byType(shown.planUsageInfos));
    }
  });

  it('falls back to the built-in catalogue for a referral type without its own', async () => {
    const { body } = await call(getPaymentPlanInfoV2, { referralType: 'no-such-partner' });
    expect(body.planPriceInfos.map((plan: { name: string }) => plan.name)).toContain('MR_LIGHT_V3');
  });

  it('refuses a priceVersion that is not a string with INVALID_ARGUMENT', async () => {
    const { status, body } = await call(getPaymentPlanInfoV2, { priceVersion: 1 });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_ARGUMENT');
  });

  it('refuses a body that is not JSON', async () => {
    const { status, body } = await call(getPaymentPlanInfoV2, {}, { rawBody: '{"priceVersion":' });
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_ARGUMENT');
  });
});
