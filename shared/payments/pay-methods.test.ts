import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, type Currency } from '../currency.ts';
import { SITE_LANGUAGES, type SiteLanguage } from '../languages.ts';
import {
  PAY_METHODS,
  payMethodLabel,
  payMethodsFor,
  providerChannel,
  RECURRING_PGS,
  serverPayMethod,
  WALLET_PAY_METHOD,
} from './pay-methods.ts';

const korean = { language: 'ko' as const, currency: 'KRW' as const };

describe('the methods a customer sees', () => {
  it('in Korean with KRW: the default Korean list, in order, without the wallet for a pass', () => {
    expect(payMethodsFor({ ...korean, isSubscription: false, walletAllowed: true })).toEqual([
      'card',
      'phone',
      'vbank',
      'kakaopay',
      'payco',
    ]);
  });

  it('for a Korean subscription: no virtual account; the wallet only when the server allows it', () => {
    expect(payMethodsFor({ ...korean, isSubscription: true, walletAllowed: true })).toEqual([
      'card',
      'phone',
      'naver_pay',
      'kakaopay',
      'payco',
    ]);
    expect(payMethodsFor({ ...korean, isSubscription: true, walletAllowed: false })).toEqual([
      'card',
      'phone',
      'kakaopay',
      'payco',
    ]);
  });

  it('with KRW in another language: the list without virtual account and wallet', () => {
    for (const isSubscription of [true, false]) {
      expect(payMethodsFor({ language: 'en', currency: 'KRW', isSubscription, walletAllowed: true })).toEqual(
        ['card', 'phone', 'kakaopay', 'payco'],
      );
    }
  });

  it('in another currency: card and PayPal, card only for a subscription', () => {
    for (const currency of ['USD', 'JPY'] as const) {
      for (const language of ['ko', 'en', 'ja'] as const) {
        expect(payMethodsFor({ language, currency, isSubscription: false, walletAllowed: true })).toEqual([
          'card',
          'paypal',
        ]);
        expect(payMethodsFor({ language, currency, isSubscription: true, walletAllowed: true })).toEqual([
          'card',
        ]);
      }
    }
  });

  it('never offers the wallet outside Korean KRW, nor a virtual account or PayPal to a subscription', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<SiteLanguage>(...SITE_LANGUAGES),
        fc.constantFrom<Currency>(...CURRENCIES),
        fc.boolean(),
        fc.boolean(),
        (language, currency, isSubscription, walletAllowed) => {
          const methods = payMethodsFor({ language, currency, isSubscription, walletAllowed });
          expect(methods[0]).toBe('card');
          if (methods.includes('naver_pay')) {
            expect([language, currency, walletAllowed, isSubscription]).toEqual(['ko', 'KRW', true, true]);
          }
          if (isSubscription) {
            expect(methods).not.toContain('vbank');
            expect(methods).not.toContain('paypal');
          }
          expect(new Set(methods).size).toBe(methods.length);
        },
      ),
    );
  });
});

describe('method labels', () => {
  it('label a one-time card payment in Japanese card/convenience store, with the fee note', () => {
    expect(payMethodLabel('card', { language: 'ja', isSubscription: false })).toEqual({
      labelKey: 'card_convenience_store',
      noteKey: 'convenience_store_fee_note',
    });
    expect(payMethodLabel('card', { language: 'ja', isSubscription: true })).toEqual({ labelKey: 'card' });
    expect(payMethodLabel('card', { language: 'ko', isSubscription: false })).toEqual({ labelKey: 'card' });
    expect(payMethodLabel('paypal', { language: 'ja', isSubscription: false })).toEqual({
      labelKey: 'paypal',
    });
  });
});

describe('what the server and the provider receive', () => {
  it('sends PayPal to the server as card, and every other method as itself', () => {
    for (const method of PAY_METHODS)
      expect(serverPayMethod(method)).toBe(method === 'paypal' ? 'card' : method);
  });

  it('opens PayPal and the easy pays as card payments on their own channel', () => {
    expect(providerChannel('paypal', 'USD')).toEqual({ pg: 'paypal', payMethod: 'card' });
    expect(providerChannel('kakaopay', 'KRW')).toEqual({ pg: 'kakaopay', payMethod: 'card' });
    expect(providerChannel('vbank', 'KRW')).toEqual({ pg: 'html5_inicis', payMethod: 'vbank' });
    expect(providerChannel('phone', 'KRW')).toEqual({ pg: 'danal', payMethod: 'phone' });
    expect(providerChannel('card', 'KRW').pg).not.toBe(providerChannel('card', 'USD').pg);
  });

  it('pays every subscription on a channel the provider can charge again', () => {
    for (const currency of CURRENCIES)
      for (const language of SITE_LANGUAGES)
        for (const method of payMethodsFor({
          isSubscription: true,
          language,
          currency,
          walletAllowed: true,
        })) {
          if (method === WALLET_PAY_METHOD) continue;
          expect(RECURRING_PGS).toContain(providerChannel(method, currency, { isSubscription: true }).pg);
        }
    expect(providerChannel('card', 'USD', { isSubscription: true }).pg).toBe('paymentwall');
    expect(providerChannel('card', 'JPY', { isSubscription: true }).pg).toBe('paymentwall');
    expect(providerChannel('card', 'JPY').pg).toBe('eximbay');
  });
});
