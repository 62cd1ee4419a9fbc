import { describe, expect, it } from 'vitest';
import { BANK_TRANSFER, BY_HAND, refundDecision } from '../../../../shared/refunds/refund-ways.ts';
import { wayChoices } from './refund-choices.ts';

const kst = (text: string) => Date.parse(`${text}+09:00`);
const PAID_AT = kst('2026-03-10T10:00:00');
const PROVIDER = { source: 'portone', account: 'none' } as const;

describe('the refund screen’s ways', () => {
  it('a US$ card within its year: the provider recommended, by hand beside it', () => {
    const card = { pg: 'eximbay', payMethod: 'card', currency: 'USD', paidAt: PAID_AT } as const;
    const decision = refundDecision(card, 'whole', PAID_AT + 60_000, 'operator');
    expect(wayChoices(card, decision)).toEqual([
      { way: PROVIDER, recommended: true },
      { way: BY_HAND, recommended: false },
    ]);
  });

  it('a phone payment after its month: the provider’s way disabled with its reason, the transfer recommended', () => {
    const phone = { pg: 'danal', payMethod: 'phone', currency: 'KRW', paidAt: PAID_AT } as const;
    const decision = refundDecision(phone, 'whole', kst('2026-04-02T10:00:00'), 'operator');
    expect(wayChoices(phone, decision)).toEqual([
      { way: PROVIDER, recommended: false, closed: 'phone_past_month' },
      { way: BANK_TRANSFER, recommended: true },
    ]);
  });

  it('a wallet payment after its year: Naver Pay’s way disabled', () => {
    const wallet = {
      pg: 'naver_pay',
      payMethod: 'naver_pay',
      currency: 'KRW',
      paidAt: PAID_AT,
      walletPaymentId: 'np_1',
    } as const;
    const [own] = wayChoices(wallet, refundDecision(wallet, 'part', PAID_AT + 400 * 86_400_000, 'operator'));
    expect(own).toEqual({
      way: { source: 'naver_pay', account: 'none' },
      recommended: false,
      closed: 'window_passed',
    });
  });

  it('a customer’s decision refused abroad: only the closed way, nothing to choose', () => {
    const paypal = { pg: 'paypal', payMethod: 'card', currency: 'USD', paidAt: PAID_AT } as const;
    const choices = wayChoices(paypal, refundDecision(paypal, 'part', PAID_AT + 200 * 86_400_000));
    expect(choices).toEqual([{ way: PROVIDER, recommended: false, closed: 'window_passed' }]);
  });
});
