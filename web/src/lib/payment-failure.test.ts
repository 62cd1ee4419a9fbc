import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '../../../shared/languages.ts';
import { PAYMENT_ABANDONED_MARKER } from '../../../shared/payments/card-failures.ts';
import { describePaymentFailure } from './payment-failure.ts';

const errors = (lang: string) =>
  JSON.parse(readFileSync(join(import.meta.dirname, '../i18n/locales', lang, 'errors.json'), 'utf8'));

let t: Record<string, TFunction>;
beforeAll(async () => {
  const instance = i18next.createInstance();
  await instance.init({
    resources: Object.fromEntries(SITE_LANGUAGES.map((lang) => [lang, { errors: errors(lang) }])),
    defaultNS: 'errors',
    fallbackLng: false,
  });
  t = Object.fromEntries(SITE_LANGUAGES.map((lang) => [lang, instance.getFixedT(lang)]));
});

describe('how a failed payment is shown', () => {
  it("gives a card decline's meaning in the page's language and the provider's Korean words apart, the code once", () => {
    const fromCheckout = { errorCode: 'L09', errMsg: '[CC01] 잔액부족', cardCode: 'CC01' } as const;
    const fromServer = { errorCode: 'L02', errMsg: '잔액부족', cardCode: 'CC01' } as const;
    expect(describePaymentFailure(t.en as TFunction, fromCheckout)).toEqual({
      abandoned: false,
      message: '[L09] Your card company declined this card. Use another card, or ask your card company why.',
      detail: 'Error Code CC01 잔액부족',
    });
    expect(describePaymentFailure(t.en as TFunction, fromServer).detail).toBe('Error Code CC01 잔액부족');
    for (const lang of SITE_LANGUAGES) {
      const view = describePaymentFailure(t[lang] as TFunction, fromCheckout);
      expect(view.message).not.toContain('잔액부족');
      expect(view.message).toBe(`[L09] ${errors(lang).payment_failure['issuer-decline']}`);
      expect(view.detail?.match(/CC01/g)).toHaveLength(1);
    }
  });

  it('tells the over-limit code and the other card failures by their own meaning', () => {
    expect(
      describePaymentFailure(t.ja as TFunction, { errorCode: 'L09', errMsg: '[CC66] 한도초과' }),
    ).toEqual({
      abandoned: false,
      message: `[L09] ${errors('ja').payment_failure['limit-exceeded']}`,
      detail: 'エラーコード CC66 한도초과',
    });
    expect(
      describePaymentFailure(t.es as TFunction, {
        errorCode: 'L09',
        errMsg: '카드사 일시 장애',
        cardCode: 'CC99',
      }).message,
    ).toBe(`[L09] ${errors('es').payment_failure['card-failure']}`);
  });

  it("reports the customer's own cancel as a cancel, not as a provider error", () => {
    const view = describePaymentFailure(t.en as TFunction, {
      errorCode: 'L09',
      errMsg: `${PAYMENT_ABANDONED_MARKER} 사용자가 결제를 취소하셨습니다`,
    });
    expect(view).toEqual({ abandoned: true, message: errors('en').payment_failure.abandoned });
  });

  it("keeps the catalogue's text for other failures, with the server's words as a detail", () => {
    expect(describePaymentFailure(t.ko as TFunction, { errorCode: 'L03', errMsg: '' })).toEqual({
      abandoned: false,
      message: `[L03] ${errors('ko').L03}`,
    });
    expect(
      describePaymentFailure(t.en as TFunction, {
        errorCode: 'L09',
        errMsg: '이미 결제가 완료된 주문번호입니다.',
      }),
    ).toEqual({
      abandoned: false,
      message: `[L09] ${errors('en').L09}`,
      detail: 'Details: 이미 결제가 완료된 주문번호입니다.',
    });
  });
});
