import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../shared/languages.ts';
import { CUSTOMER_MAIL_KINDS } from '../data/entities/customer-mail.ts';
import { CUSTOMER_MAIL_TEXTS } from './customer-mail-texts.ts';
import { type CustomerMail, composeCustomerMail } from './customer-mails.ts';

const LINK = 'https://cutloom.example/en/account/billing';
const DAY = Date.UTC(2027, 0, 15, 3);

/** One mail of every kind (and every receipt purpose), with every optional line present. */
const MAILS: CustomerMail[] = [
  ...(['first', 'renewal', 'upgrade', 'deposit'] as const).map(
    (purpose): CustomerMail => ({
      kind: 'receipt',
      purpose,
      planType: 'STANDARD',
      amount: 238_800,
      currency: 'KRW',
      payMethod: purpose === 'deposit' ? 'vbank' : 'card',
      merchantUid: 'ord_2027_0001',
      period: { from: DAY, to: DAY + 365 * 86_400_000 },
      ...(purpose === 'upgrade' ? { credit: 12_000 } : {}),
      receiptUrl: 'https://receipts.example/r/1?a=1&b=2',
    }),
  ),
  {
    kind: 'receipt',
    purpose: 'eraser',
    planType: 'BUSINESS',
    amount: 9.9,
    currency: 'USD',
    payMethod: 'card',
    merchantUid: 'ers_1',
    usageType: 'STT',
  },
  {
    kind: 'vbank-issued',
    planType: 'LIGHT',
    amount: 99_000,
    currency: 'KRW',
    bank: 'KB국민은행',
    accountNumber: '12345678901234',
    holder: 'Cutloom',
    dueAt: DAY,
  },
  {
    kind: 'refund-made',
    planType: 'LIGHT',
    amount: 1_000,
    currency: 'JPY',
    refundedTo: 'bank-transfer',
    transferTo: '***-***-890',
    endedAt: DAY,
  },
  {
    kind: 'renewal-reminder',
    planType: 'STANDARD',
    amount: 99,
    currency: 'USD',
    payMethod: 'card',
    renewsAt: DAY,
  },
];

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function keys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, `${prefix}.${key}`));
}

describe('customer mails', () => {
  it('cover every kind', () => {
    expect(new Set(MAILS.map((mail) => mail.kind))).toEqual(new Set(CUSTOMER_MAIL_KINDS));
  });

  it.each(SITE_LANGUAGES)('have every text, non-empty, in %s', (language) => {
    expect(keys(CUSTOMER_MAIL_TEXTS[language])).toEqual(keys(CUSTOMER_MAIL_TEXTS.en));
    for (const text of strings(CUSTOMER_MAIL_TEXTS[language])) expect(text.trim()).not.toBe('');
  });

  it.each(
    SITE_LANGUAGES.flatMap((language) =>
      MAILS.map(
        (mail) => [language, mail.kind === 'receipt' ? `receipt ${mail.purpose}` : mail.kind, mail] as const,
      ),
    ),
  )('render in %s: %s', (language, _name, mail) => {
    const composed = composeCustomerMail(mail, language, LINK);
    expect(composed.subject).toContain('Cutloom');
    for (const part of [composed.subject, composed.text, composed.html]) {
      expect(part).not.toMatch(/\{\w+\}|undefined|NaN|Invalid DateTime/);
    }
    expect(composed.text).toContain(LINK);
    expect(composed.html).toContain(`<html lang="${language}">`);
    expect(composed.html).toContain(`href="${LINK}"`);
    expect(composed.html).toMatch(/<th scope="row"/);
  });

  it('show the amount, the merchant uid, the credit and the provider receipt of a charge', () => {
    const [, , upgrade] = MAILS;
    const { text, html } = composeCustomerMail(upgrade as CustomerMail, 'en', LINK);
    expect(text).toContain('Amount: ₩238,800');
    expect(text).toContain('Credit for your previous plan: ₩12,000');
    expect(text).toContain('Order number: ord_2027_0001');
    expect(text).toContain('Period: January 15, 2027 – January 15, 2028');
    expect(text).toContain('Receipt: https://receipts.example/r/1?a=1&b=2');
    expect(html).toContain('href="https://receipts.example/r/1?a=1&#38;b=2"');
  });

  it('leave the receipt line out when the provider gives none', () => {
    const { text } = composeCustomerMail(MAILS[4] as CustomerMail, 'en', LINK);
    expect(text).not.toContain('Receipt:');
    expect(text).toContain('Usage reset: Speech to text');
    expect(text).toContain('Amount: US$9.90');
  });

  it('give a virtual account deadline in Korea time', () => {
    const { text } = composeCustomerMail(MAILS[5] as CustomerMail, 'en', LINK);
    expect(text).toContain('Pay by: Jan 15, 2027, 12:00 PM (Korea time)');
    expect(text).toContain('Account number: 12345678901234');
  });

  it('say when a refunded plan ended and where the money went', () => {
    const { text } = composeCustomerMail(MAILS[6] as CustomerMail, 'ja', LINK);
    expect(text).toContain('¥1,000');
    expect(text).toContain('銀行振込 ***-***-890');
    expect(text).toContain('3営業日以内');
    expect(text).toContain('2027年1月15日');
  });
});
