import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  amendmentOf,
  MODIFY_CODES,
  modifyCodeOf,
  splitTotal,
  sumAmounts,
  VAT_PERCENT,
} from './tax-invoice-amounts.ts';

/**
 * The split of a price into 공급가액 and 세액 (docs/tax-documents.md, "The amounts"): the worked figures
 * there, the law's two invariants (the parts add up to what was paid; the tax is the supply value's
 * tenth, the fraction of a won dropped), and amendments that always add up to what was kept.
 */
const split = (supplyCost: number, tax: number) => ({ supplyCost, tax, total: supplyCost + tax });

describe('a price that includes VAT', () => {
  it('splits as the worked figures say', () => {
    // 부가가치세법 제29조: 110분의 100 of the price is the supply value, exactly when it divides.
    expect(splitTotal(11_000)).toEqual(split(10_000, 1_000));
    expect(splitTotal(1_100_000)).toEqual(split(1_000_000, 100_000));
    expect(splitTotal(9_900)).toEqual(split(9_000, 900));
    // Otherwise the tax's fraction of a won is dropped and the supply value keeps it.
    expect(splitTotal(10_000)).toEqual(split(9_091, 909));
    expect(splitTotal(238_800)).toEqual(split(217_091, 21_709));
    // 10,005 / 11 = 909.5…: dropped, not rounded.
    expect(splitTotal(10_005)).toEqual(split(9_096, 909));
    expect(splitTotal(1)).toEqual(split(1, 0));
    expect(splitTotal(0)).toEqual(split(0, 0));
    expect(VAT_PERCENT).toBe(10);
  });

  it('adds up to what was paid, with a tax of the supply value’s tenth less its fraction of a won', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (total) => {
        const { supplyCost, tax, total: sum } = splitTotal(total);
        expect(sum).toBe(total);
        expect(supplyCost + tax).toBe(total);
        // tax ≤ supplyCost / 10, and it misses the tenth by less than 1.1 won (10/11 of the last won).
        expect(tax * 10).toBeLessThanOrEqual(supplyCost);
        expect(supplyCost - tax * 10).toBeLessThanOrEqual(10);
      }),
    );
  });

  it('refuses what is no whole number of won', () => {
    expect(() => splitTotal(-1)).toThrow('A price must be a whole number of won, not negative: -1');
    expect(() => splitTotal(0.5)).toThrow('whole number of won');
    expect(() => splitTotal(Number.NaN)).toThrow(RangeError);
  });
});

describe('an amended invoice', () => {
  it('takes off what the refund changed in the split of what is kept', () => {
    expect(amendmentOf(11_000, 0)).toEqual(split(-10_000, -1_000));
    expect(amendmentOf(10_000, 5_000)).toEqual(split(-4_545, -455));
    expect(amendmentOf(5_000, 0)).toEqual(split(-4_546, -454));
    expect(amendmentOf(238_800, 119_400)).toEqual(split(-108_545, -10_855));
  });

  it('of every refund of a payment adds up, with the invoice, to the split of what was kept', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000_000 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (paid, shares) => {
          let kept = paid;
          const amendments = [];
          for (const share of shares) {
            const after = Math.floor(kept * share);
            if (after >= kept) continue;
            const amendment = amendmentOf(kept, after);
            expect(amendment.supplyCost).toBeLessThanOrEqual(0);
            expect(amendment.tax).toBeLessThanOrEqual(0);
            expect(amendment.total).toBe(after - kept);
            amendments.push(amendment);
            kept = after;
          }
          expect(sumAmounts([splitTotal(paid), ...amendments])).toEqual(splitTotal(kept));
        },
      ),
    );
  });

  it('is refused for a refund that took nothing off', () => {
    expect(() => amendmentOf(5_000, 5_000)).toThrow('takes something off');
    expect(() => amendmentOf(5_000, 6_000)).toThrow(RangeError);
    expect(() => amendmentOf(5_000, -1)).toThrow(RangeError);
    expect(amendmentOf(5_000, 4_999).total).toBe(-1);
  });

  it('is a cancellation of the contract when nothing is kept, else a change of the supply value', () => {
    expect(modifyCodeOf(0)).toBe(MODIFY_CODES.contractCancelled);
    expect(MODIFY_CODES.contractCancelled).toBe(4);
    expect(modifyCodeOf(1)).toBe(MODIFY_CODES.supplyChanged);
    expect(MODIFY_CODES.supplyChanged).toBe(2);
    expect(() => modifyCodeOf(-1)).toThrow('What a refund kept must be a whole number');
  });
});

describe('an invoice of several payments', () => {
  it('totals each column of its items', () => {
    expect(sumAmounts([])).toEqual(split(0, 0));
    expect(sumAmounts([splitTotal(10_000), splitTotal(9_900), split(-4_545, -455)])).toEqual(
      split(9_091 + 9_000 - 4_545, 909 + 900 - 455),
    );
  });
});
