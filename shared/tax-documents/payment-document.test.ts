import { describe, expect, it } from 'vitest';
import { type CashReceiptChoice, receiptToIssue } from '../cash-receipts/cash-receipt-rules.ts';
import { PAY_METHODS } from '../payments/pay-methods.ts';
import { invoiceStateAtPayment } from '../tax-invoices/tax-invoice-rules.ts';
import { paymentDocumentOf } from './payment-document.ts';

const won = { currency: 'KRW' as const, invoiceRequested: false, cashReceiptPurpose: undefined };

describe('the document a payment will have (what the order page says before paying)', () => {
  it('a virtual account: the receipt asked for; with none, the self-issued one from ₩100,000, else nothing', () => {
    const vbank = { ...won, payMethod: 'vbank', finalPrice: 118_800 };
    expect(paymentDocumentOf(vbank)).toBeUndefined();
    expect(paymentDocumentOf({ ...vbank, cashReceiptPurpose: 'income_deduction' })).toBe('cash_receipt');
    expect(paymentDocumentOf({ ...vbank, cashReceiptPurpose: 'expense_proof' })).toBe('cash_receipt');
    expect(paymentDocumentOf({ ...vbank, cashReceiptPurpose: 'none' })).toBe('self_issued_cash_receipt');
    expect(paymentDocumentOf({ ...vbank, cashReceiptPurpose: 'none', finalPrice: 100_000 })).toBe(
      'self_issued_cash_receipt',
    );
    expect(paymentDocumentOf({ ...vbank, cashReceiptPurpose: 'none', finalPrice: 99_999 })).toBe('none');
  });

  it('a business buyer’s virtual account without a receipt: the tax invoice, never the self-issued receipt', () => {
    const business = {
      ...won,
      payMethod: 'vbank',
      invoiceRequested: true,
      cashReceiptPurpose: 'none' as const,
    };
    expect(paymentDocumentOf({ ...business, finalPrice: 478_800 })).toBe('tax_invoice');
    expect(paymentDocumentOf({ ...business, finalPrice: 9_900 })).toBe('tax_invoice');
    // A cash receipt asked for serves instead of the invoice.
    expect(paymentDocumentOf({ ...business, finalPrice: 478_800, cashReceiptPurpose: 'expense_proof' })).toBe(
      'cash_receipt',
    );
  });

  it('a business buyer’s card-type payment: its slip; a phone payment: the tax invoice', () => {
    const business = { ...won, invoiceRequested: true, finalPrice: 478_800 };
    for (const payMethod of ['card', 'kakaopay', 'naverpay', 'payco', 'naver_pay'])
      expect(paymentDocumentOf({ ...business, payMethod }), payMethod).toBe('card_slip');
    expect(paymentDocumentOf({ ...business, payMethod: 'phone' })).toBe('tax_invoice');
    expect(paymentDocumentOf({ ...business, payMethod: 'card', invoiceRequested: false })).toBe('none');
  });

  it('says what the server’s rules issue, for every method, price and choice', () => {
    for (const payMethod of PAY_METHODS)
      for (const currency of ['KRW', 'USD'] as const)
        for (const finalPrice of [9_900, 100_000, 478_800])
          for (const invoiceRequested of [false, true])
            for (const purpose of ['income_deduction', 'expense_proof', 'none'] as const) {
              const said = paymentDocumentOf({
                payMethod,
                currency,
                finalPrice,
                invoiceRequested,
                cashReceiptPurpose: purpose,
              });
              const cash = payMethod === 'vbank' && currency === 'KRW';
              const choice: CashReceiptChoice =
                purpose === 'none'
                  ? { purpose }
                  : purpose === 'income_deduction'
                    ? { purpose, identifierType: 'phone', identifier: '01012345678' }
                    : { purpose, identifierType: 'business', identifier: '1168200276' };
              const receipt = cash
                ? receiptToIssue(choice, { priceKrw: finalPrice, invoiceRequested })
                : undefined;
              const invoice = invoiceRequested
                ? invoiceStateAtPayment({ payMethod, hasCashReceipt: Boolean(receipt) })
                : undefined;
              const issued = receipt
                ? receipt.selfIssued
                  ? 'self_issued_cash_receipt'
                  : 'cash_receipt'
                : invoice === 'requested'
                  ? 'tax_invoice'
                  : invoice === 'card_slip'
                    ? 'card_slip'
                    : 'none';
              expect(said, `${payMethod} ${currency} ${finalPrice} ${invoiceRequested} ${purpose}`).toBe(
                issued,
              );
            }
  });
});
