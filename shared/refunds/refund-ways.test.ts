import { describe, expect, it } from 'vitest';
import {
  BANK_TRANSFER,
  BY_HAND,
  cancelKind,
  PROVIDER_REFUND_DAYS,
  type RefundablePayment,
  refundDecision,
  refundWayName,
  wayFor,
} from './refund-ways.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);
const DAY = 86_400_000;

const PAID_AT = kst('2026-03-10T10:00:00');
const card: RefundablePayment = {
  pg: 'html5_inicis',
  payMethod: 'card',
  currency: 'KRW',
  paidAt: PAID_AT,
};
const vbank: RefundablePayment = { ...card, payMethod: 'vbank' };
const phone: RefundablePayment = { ...card, pg: 'danal', payMethod: 'phone' };
const wallet: RefundablePayment = {
  ...card,
  pg: 'naver_pay',
  payMethod: 'naver_pay',
  walletPaymentId: 'np_1',
};
const paypal: RefundablePayment = { ...card, pg: 'paypal', currency: 'USD' };
const eximbay: RefundablePayment = { ...card, pg: 'eximbay', currency: 'JPY' };
const deposit: RefundablePayment = { ...card, pg: 'direct_deposit', payMethod: 'card' };

const PROVIDER = { source: 'portone', account: 'none' } as const;
const PROVIDER_WITH_ACCOUNT = { source: 'portone', account: 'required' } as const;
const WALLET = { source: 'naver_pay', account: 'none' } as const;

describe('how the money goes back', () => {
  it.each([
    ['a card the next minute, in full', card, 'whole', PAID_AT + 60_000],
    ['a card in part', card, 'part', PAID_AT + 60_000],
    ['a card on its window’s last moment', card, 'whole', PAID_AT + PROVIDER_REFUND_DAYS.card * DAY],
    ['KakaoPay in part', { ...card, pg: 'kakaopay', payMethod: 'kakaopay' }, 'part', PAID_AT + DAY],
    ['PAYCO in full', { ...card, pg: 'payco', payMethod: 'payco' }, 'whole', PAID_AT + DAY],
    ['a phone payment in full, later the same month', phone, 'whole', kst('2026-03-31T23:59:59')],
  ] as const)('%s: through the provider, a bank transfer beside it', (_case, payment, kind, at) => {
    expect(refundDecision(payment, kind, at)).toEqual({ ways: [PROVIDER, BANK_TRANSFER] });
  });

  it('a deposited virtual account: through the provider to the account the buyer gives, within 180 days', () => {
    const last = PAID_AT + PROVIDER_REFUND_DAYS.virtualAccount * DAY;
    expect(refundDecision(vbank, 'part', last)).toEqual({ ways: [PROVIDER_WITH_ACCOUNT, BANK_TRANSFER] });
    expect(refundDecision(vbank, 'part', last + 1)).toEqual({
      ways: [BANK_TRANSFER],
      ownWayClosed: 'window_passed',
    });
  });

  it('a phone payment: only in full and only in its month, else by bank transfer', () => {
    expect(refundDecision(phone, 'whole', kst('2026-04-01T00:00:00'))).toEqual({
      ways: [BANK_TRANSFER],
      ownWayClosed: 'phone_past_month',
    });
    expect(refundDecision(phone, 'part', PAID_AT + DAY)).toEqual({
      ways: [BANK_TRANSFER],
      ownWayClosed: 'phone_partial',
    });
    // A payment late in a month, asked for early the next: the month is Korea's.
    const lateMarch = kst('2026-03-31T23:30:00');
    expect(
      refundDecision({ ...phone, paidAt: lateMarch }, 'whole', kst('2026-04-01T00:10:00')).ownWayClosed,
    ).toBe('phone_past_month');
    expect(refundDecision({ ...phone, paidAt: lateMarch }, 'whole', kst('2026-03-31T23:50:00')).ways).toEqual(
      [PROVIDER, BANK_TRANSFER],
    );
  });

  it('a card, an easy pay or the wallet after a year: by bank transfer', () => {
    const after = PAID_AT + PROVIDER_REFUND_DAYS.card * DAY + 1;
    for (const payment of [card, { ...card, pg: 'kakaopay', payMethod: 'kakaopay' }, wallet])
      expect(refundDecision(payment, 'part', after)).toEqual({
        ways: [BANK_TRANSFER],
        ownWayClosed: 'window_passed',
      });
  });

  it('the wallet within a year: through the wallet', () => {
    expect(refundDecision(wallet, 'part', PAID_AT + PROVIDER_REFUND_DAYS.card * DAY)).toEqual({
      ways: [WALLET, BANK_TRANSFER],
    });
  });

  it('in another currency: its own way only, and no refund from the site once that is closed', () => {
    expect(refundDecision(paypal, 'part', PAID_AT + PROVIDER_REFUND_DAYS.paypal * DAY)).toEqual({
      ways: [PROVIDER],
    });
    expect(refundDecision(paypal, 'part', PAID_AT + PROVIDER_REFUND_DAYS.paypal * DAY + 1)).toEqual({
      ways: [],
      ownWayClosed: 'window_passed',
      refusal: 'transfer_abroad',
    });
    // PayPal's window is its own: a card in yen keeps the card's year.
    expect(refundDecision(eximbay, 'part', PAID_AT + PROVIDER_REFUND_DAYS.paypal * DAY + 1)).toEqual({
      ways: [PROVIDER],
    });
    expect(refundDecision(eximbay, 'part', PAID_AT + PROVIDER_REFUND_DAYS.card * DAY + 1).refusal).toBe(
      'transfer_abroad',
    );
  });

  it('a direct deposit: by bank transfer in won, not at all abroad', () => {
    expect(refundDecision(deposit, 'whole', PAID_AT + DAY)).toEqual({
      ways: [BANK_TRANSFER],
      ownWayClosed: 'outside_provider',
    });
    expect(refundDecision({ ...deposit, currency: 'USD' }, 'whole', PAID_AT + DAY)).toEqual({
      ways: [],
      ownWayClosed: 'outside_provider',
      refusal: 'transfer_abroad',
    });
  });

  it('an operator may return money in another currency by hand, beside its own way or instead of it', () => {
    const within = PAID_AT + PROVIDER_REFUND_DAYS.paypal * DAY;
    expect(refundDecision(paypal, 'part', within, 'operator')).toEqual({ ways: [PROVIDER, BY_HAND] });
    expect(refundDecision(paypal, 'part', within + 1, 'operator')).toEqual({
      ways: [BY_HAND],
      ownWayClosed: 'window_passed',
    });
    expect(refundDecision({ ...phone, currency: 'USD' }, 'part', PAID_AT + DAY, 'operator')).toEqual({
      ways: [BY_HAND],
      ownWayClosed: 'phone_partial',
    });
    expect(refundDecision({ ...deposit, currency: 'JPY' }, 'whole', PAID_AT + DAY, 'operator')).toEqual({
      ways: [BY_HAND],
      ownWayClosed: 'outside_provider',
    });
    expect(refundDecision({ ...wallet, currency: 'USD' }, 'whole', PAID_AT + DAY, 'operator')).toEqual({
      ways: [WALLET, BY_HAND],
    });
    // The customer's page never offers it: the customer's default.
    expect(refundDecision(paypal, 'part', within)).toEqual({ ways: [PROVIDER] });
    expect(refundDecision(paypal, 'part', within, 'customer')).toEqual({ ways: [PROVIDER] });
  });

  it('in won an operator is offered what the customer is: the bank transfer', () => {
    const after = PAID_AT + PROVIDER_REFUND_DAYS.card * DAY + 1;
    expect(refundDecision(card, 'whole', PAID_AT + DAY, 'operator')).toEqual({
      ways: [PROVIDER, BANK_TRANSFER],
    });
    expect(refundDecision(card, 'whole', after, 'operator')).toEqual({
      ways: [BANK_TRANSFER],
      ownWayClosed: 'window_passed',
    });
    expect(refundDecision(vbank, 'whole', PAID_AT + DAY, 'operator')).toEqual({
      ways: [PROVIDER_WITH_ACCOUNT, BANK_TRANSFER],
    });
  });

  it('the windows are the networks’: a year for cards, 180 days for a deposit and PayPal', () => {
    expect(PROVIDER_REFUND_DAYS).toEqual({ card: 365, virtualAccount: 180, paypal: 180 });
    expect(BANK_TRANSFER).toEqual({ source: 'cutloom', account: 'required' });
    expect(BY_HAND).toEqual({ source: 'cutloom', account: 'none' });
  });

  it('calls a cancel of the whole price whole, anything less a part', () => {
    expect(cancelKind({ price: 118800, currency: 'KRW' }, 118800)).toBe('whole');
    expect(cancelKind({ price: 118800, currency: 'KRW' }, 118799)).toBe('part');
    expect(cancelKind({ price: 89.1, currency: 'USD' }, 89.1)).toBe('whole');
    expect(cancelKind({ price: 89.1, currency: 'USD' }, 89.09)).toBe('part');
  });

  it('finds the way a refund asks for among those allowed', () => {
    const decision = refundDecision(vbank, 'part', PAID_AT + DAY);
    expect(wayFor(decision, 'portone')).toEqual(PROVIDER_WITH_ACCOUNT);
    expect(wayFor(decision, 'cutloom')).toEqual(BANK_TRANSFER);
    expect(wayFor(decision, 'naver_pay')).toBeUndefined();
  });

  it('names each way as the console and the audit trail say it', () => {
    expect(refundWayName(PROVIDER)).toBe('provider');
    expect(refundWayName(PROVIDER_WITH_ACCOUNT)).toBe('provider');
    expect(refundWayName(WALLET)).toBe('wallet');
    expect(refundWayName(BANK_TRANSFER)).toBe('bank_transfer');
    expect(refundWayName(BY_HAND)).toBe('by_hand');
  });
});
