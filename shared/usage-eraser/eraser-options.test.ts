import { describe, expect, it } from 'vitest';
import { isWithinPriceBounds } from '../payments/price-bounds.ts';
import { defaultEraserType, ERASER_OPTIONS, eraserOptionsFor, erasersOffered } from './eraser-options.ts';

describe('usage erasers', () => {
  it('are a STANDARD and BUSINESS feature, one per metered type', () => {
    expect(erasersOffered('LIGHT')).toBe(false);
    expect(erasersOffered('FREE')).toBe(false);
    expect(eraserOptionsFor('STANDARD').map((option) => option.usageType)).toEqual([
      'STT',
      'TTS',
      'TRANSLATE',
      'GENIMAGE',
    ]);
    expect(eraserOptionsFor('CUSTOM')).toEqual(eraserOptionsFor('BUSINESS'));
  });

  it('are priced within the bounds of every currency', () => {
    for (const option of ERASER_OPTIONS) {
      expect(isWithinPriceBounds(option.priceKo, 'KRW')).toBe(true);
      expect(isWithinPriceBounds(option.priceJa, 'JPY')).toBe(true);
      expect(isWithinPriceBounds(option.priceEn, 'USD')).toBe(true);
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
