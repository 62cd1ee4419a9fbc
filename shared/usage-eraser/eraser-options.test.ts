import { describe, expect, it } from 'vitest';
import { isWithinPriceBounds } from '../payments/price-bounds.ts';
import { BUILT_IN_PLAN_USAGES, ERASER_PRICES } from '../plans/price-book.ts';
import {
  defaultEraserType,
  erasedUsageType,
  eraserCatalogueOf,
  eraserOptionsFor,
  erasersOffered,
} from './eraser-options.ts';

const catalogue = eraserCatalogueOf(ERASER_PRICES, BUILT_IN_PLAN_USAGES);

describe('usage erasers', () => {
  it('are a STANDARD and BUSINESS feature, one per metered type', () => {
    expect(erasersOffered('LIGHT')).toBe(false);
    expect(erasersOffered('FREE')).toBe(false);
    expect(eraserOptionsFor('LIGHT', catalogue)).toEqual([]);
    expect(eraserOptionsFor('STANDARD', catalogue).map((option) => option.usageType)).toEqual([
      'STT',
      'TTS',
      'TRANSLATE',
      'GENIMAGE',
    ]);
    expect(eraserOptionsFor('CUSTOM', catalogue)).toEqual(eraserOptionsFor('BUSINESS', catalogue));
  });

  it('are seeded as a catalogue of one-off prices and the tiers’ quotas, read back as the options', () => {
    expect(catalogue.usages.map((usage) => usage.planType)).toEqual(['STANDARD', 'BUSINESS']);
    expect(catalogue.prices.every((price) => !price.isSubscription && price.period === 'ONE_MONTH')).toBe(
      true,
    );
    const standardTranslate = eraserOptionsFor('STANDARD', catalogue).find(
      (option) => option.usageType === 'TRANSLATE',
    );
    const [priceKo, priceJa, priceEn] = ERASER_PRICES.STANDARD.TRANSLATE;
    expect(standardTranslate).toMatchObject({
      planName: 'ERASER_TRANSLATE_STANDARD',
      priceKo,
      priceJa,
      priceEn,
      usage: BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'STANDARD')?.translateUsage,
    });
    expect(erasedUsageType('ERASER_GENIMAGE_BUSINESS')).toBe('GENIMAGE');
    expect(erasedUsageType('MR_STANDARD_V3')).toBeUndefined();
  });

  it('are priced within the bounds of every currency', () => {
    for (const price of catalogue.prices) {
      expect(isWithinPriceBounds(price.priceKo, 'KRW')).toBe(true);
      expect(isWithinPriceBounds(price.priceJa, 'JPY')).toBe(true);
      expect(isWithinPriceBounds(price.priceEn, 'USD')).toBe(true);
    }
  });

  it('open on the type in the address, else on the most used allowance', () => {
    const usage = [
      { usageType: 'STT' as const, used: 600, limit: 6000 },
      { usageType: 'TTS' as const, used: 200, limit: 300 },
      { usageType: 'TRANSLATE' as const, used: 0, limit: 900 },
      { usageType: 'GENIMAGE' as const, used: 2000, limit: 3000 },
    ];
    expect(defaultEraserType('TRANSLATE', usage)).toBe('TRANSLATE');
    expect(defaultEraserType(undefined, usage)).toBe('TTS');
    expect(defaultEraserType('NOPE', usage)).toBe('TTS');
  });
});
