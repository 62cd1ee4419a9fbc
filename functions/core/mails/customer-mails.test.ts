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
  {
    kind: 'renewal-reminder',
    planType: 'STANDARD',
    amount: 9_900,
    currency: 'KRW',
    payMethod: 'card',
    renewsAt: DAY,
    newPlan: { planType: 'LIGHT', period: 'MONTHLY' },
  },
  {
    kind: 'plan-change-scheduled',
    planType: 'LIGHT',
    period: 'MONTHLY',
    newPlan: { planType: 'LIGHT', period: 'ANNUAL' },
    amount: 99_000,
    currency: 'KRW',
    renewsAt: DAY,
    consentNeeded: true,
    byOperator: true,
  },
  {
    kind: 'plan-change-cancelled',
    planType: 'STANDARD',
    period: 'MONTHLY',
    newPlan: { planType: 'LIGHT', period: 'MONTHLY' },
    amount: 17.99,
    currency: 'USD',
    renewsAt: DAY,
    renews: true,
    byOperator: false,
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

  it('tell before a renewal into the plan the customer scheduled, at its amount', () => {
    const { text } = composeCustomerMail(MAILS[8] as CustomerMail, 'ko', LINK);
    expect(text).toContain('스탠다드 구독이');
    expect(text).toContain('이번 갱신부터 라이트 · 월간 요금제로 바뀌며');
    expect(text).toContain('변경될 요금제: 라이트 · 월간');
    expect(text).toContain('결제 금액: ₩9,900');
    expect(composeCustomerMail(MAILS[7] as CustomerMail, 'ko', LINK).text).not.toContain('변경될 요금제');
  });

  it('confirm a change of plan scheduled: both plans, the date, the new amount, the consent it needs', () => {
    const { text, subject } = composeCustomerMail(MAILS[9] as CustomerMail, 'en', LINK);
    expect(subject).toBe('[Cutloom] Your change of plan at the next renewal is scheduled');
    expect(text).toContain(
      'Your Light · Monthly subscription will change to Light · Annual when it renews on January 15, 2027.',
    );
    expect(text).toContain('₩99,000 will be charged then');
    expect(text).toContain('we will ask for your consent to it separately');
    expect(text).toContain('Our team made this change for you');
    expect(text).toContain('New plan: Light · Annual');
    const bySelf = composeCustomerMail(
      { ...(MAILS[9] as CustomerMail), consentNeeded: false, byOperator: false } as CustomerMail,
      'en',
      LINK,
    ).text;
    expect(bySelf).not.toContain('consent');
    expect(bySelf).not.toContain('Our team');
  });

  it('confirm a change of plan cancelled, and how it renews unless its renewal is stopped', () => {
    const { text } = composeCustomerMail(MAILS[10] as CustomerMail, 'en', LINK);
    expect(text).toContain(
      'The change of your Standard · Monthly subscription to Light · Monthly is cancelled.',
    );
    expect(text).toContain('It renews as it is on January 15, 2027, and US$17.99 will be charged.');
    const stopped = composeCustomerMail(
      { ...(MAILS[10] as CustomerMail), renews: false } as CustomerMail,
      'en',
      LINK,
    );
    expect(stopped.text).not.toContain('renews as it is');
  });

  it('say when a refunded plan ended and where the money went', () => {
    const { text } = composeCustomerMail(MAILS[6] as CustomerMail, 'ja', LINK);
    expect(text).toContain('¥1,000');
    expect(text).toContain('銀行振込 ***-***-890');
    expect(text).toContain('3営業日以内');
    expect(text).toContain('2027年1月15日');
  });
});
