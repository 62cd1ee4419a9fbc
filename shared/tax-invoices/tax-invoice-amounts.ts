/**
 * The amounts of a tax invoice (세금계산서) in won: 공급가액 (supply value), 세액 (the VAT on it) and 합계
 * (their sum, what the buyer paid). The product's prices include VAT at 10 %, so an invoice splits the
 * price paid: the supply value is the price's 100/110 (부가가치세법 제29조: the consideration that
 * includes the tax, times 100/110) and the tax the rest. Won have no fraction, so the tax is the price's
 * 10/110 with the fraction of a won dropped (원 미만 절사) and the supply value what is left: the total is
 * always exactly what was paid, and the tax is never more than a tenth of the supply value. The rule,
 * and why, is in docs/tax-documents.md with the worked figures its tests check.
 *
 * A refund changes an invoice by a negative amended invoice (수정세금계산서): what it takes off is the
 * split of what the payment keeps after the refund less the split of what it kept before, so that an
 * invoice and all its amendments always add up to the split of what was finally kept (two half refunds
 * cancel the whole invoice to the won, in the supply value and in the tax alike).
 */
export interface InvoiceAmounts {
  /** 공급가액. */
  supplyCost: number;
  /** 세액. */
  tax: number;
  /** 합계금액: supplyCost + tax. */
  total: number;
}

/** The VAT rate, in percent of the supply value (부가가치세법 제30조). */
export const VAT_PERCENT = 10;

function wholeWon(amount: number, what: string): number {
  if (!Number.isSafeInteger(amount) || amount < 0)
    throw new RangeError(`${what} must be a whole number of won, not negative: ${amount}`);
  return amount;
}

/** The split of a price that includes VAT (a payment, or what a refund left of it). */
export function splitTotal(total: number): InvoiceAmounts {
  const paid = wholeWon(total, 'A price');
  const tax = Math.floor((paid * VAT_PERCENT) / (100 + VAT_PERCENT));
  return { supplyCost: paid - tax, tax, total: paid };
}

/**
 * The amended invoice a refund calls for: the split of what the payment keeps after it less the split of
 * what it kept before (both parts zero or negative; refused unless the refund took something off).
 */
export function amendmentOf(keptBefore: number, keptAfter: number): InvoiceAmounts {
  const before = splitTotal(keptBefore);
  const after = splitTotal(keptAfter);
  if (after.total >= before.total)
    throw new RangeError(`A refund takes something off: ${keptBefore} -> ${keptAfter}`);
  return {
    supplyCost: after.supplyCost - before.supplyCost,
    tax: after.tax - before.tax,
    total: after.total - before.total,
  };
}

/** An invoice's totals: the sums of its items (합계 of each column). */
export function sumAmounts(items: readonly InvoiceAmounts[]): InvoiceAmounts {
  return items.reduce(
    (sum, item) => ({
      supplyCost: sum.supplyCost + item.supplyCost,
      tax: sum.tax + item.tax,
      total: sum.total + item.total,
    }),
    { supplyCost: 0, tax: 0, total: 0 },
  );
}

/**
 * Why an amended invoice is issued (수정사유, the NTS's codes as e-invoice services take them in
 * `modifyCode`): a refund of everything is the contract's cancellation (4, 계약의 해제), a refund of a part
 * a change of the supply value (2, 공급가액 변동). Both are dated the day of the refund and name the
 * original's write date in their remark.
 */
export const MODIFY_CODES = { supplyChanged: 2, contractCancelled: 4 } as const;
export type ModifyCode = (typeof MODIFY_CODES)[keyof typeof MODIFY_CODES];

export function modifyCodeOf(keptAfter: number): ModifyCode {
  return wholeWon(keptAfter, 'What a refund kept') === 0
    ? MODIFY_CODES.contractCancelled
    : MODIFY_CODES.supplyChanged;
}
