import { describe, expect, it } from 'vitest';
import { ALIMTALK_TEMPLATES, fillTemplate } from '../../../shared/notices/alimtalk-templates.ts';
import { type CustomerMail, kakaoNoticeOf } from '../mails/customer-mails.ts';
import { deliveryOf, kakaoNumber, noticeText } from './kakao-notices.ts';

const AT = Date.parse('2026-12-24T15:30:00Z');
const mails: CustomerMail[] = [
  {
    kind: 'receipt',
    purpose: 'first',
    planType: 'STANDARD',
    amount: 19900,
    currency: 'KRW',
    payMethod: 'card',
    merchantUid: 'order-1',
    period: { from: AT, to: AT },
  },
  {
    kind: 'receipt',
    purpose: 'eraser',
    planType: 'STANDARD',
    amount: 9900,
    currency: 'KRW',
    payMethod: 'kakaopay',
    merchantUid: 'order-2',
    usageType: 'STT',
  },
  {
    kind: 'vbank-issued',
    planType: 'LIGHT',
    amount: 118800,
    currency: 'KRW',
    bank: 'KB국민은행',
    accountNumber: '12345678901234',
    holder: 'Cutloom',
    dueAt: AT,
  },
  {
    kind: 'refund-made',
    planType: 'LIGHT',
    amount: 5000,
    currency: 'KRW',
    refundedTo: 'bank-transfer',
    transferTo: '신한 110-***-456789',
    endedAt: AT,
  },
  {
    kind: 'renewal-reminder',
    planType: 'LIGHT',
    amount: 99000,
    currency: 'KRW',
    renewsAt: AT,
    payMethod: 'card',
    newPlan: { planType: 'STANDARD', period: 'ANNUAL' },
  },
];

describe("the customer mails' 알림톡", () => {
  it.each(
    mails.map((mail) => [`${mail.kind}${'purpose' in mail ? ` (${mail.purpose})` : ''}`, mail] as const),
  )('%s: its values fill its template exactly, in Korean', (_name, mail) => {
    const notice = kakaoNoticeOf(mail);
    if (!notice) throw new Error('no 알림톡');
    const filled = fillTemplate(ALIMTALK_TEMPLATES[notice.kind], { 고객명: '김하나', ...notice.values });
    expect(filled).toEqual({ text: expect.any(String) });
  });

  it('writes what the mail writes: amounts, methods, dates in Seoul', () => {
    expect(kakaoNoticeOf(mails[0] as CustomerMail)?.values).toEqual({
      상품명: 'Cutloom 스탠다드',
      결제금액: '₩19,900',
      결제수단: '신용·체크카드',
      주문번호: 'order-1',
    });
    expect(kakaoNoticeOf(mails[1] as CustomerMail)?.values.상품명).toBe('Cutloom 사용량 초기화 (음성 인식)');
    expect(kakaoNoticeOf(mails[2] as CustomerMail)?.values.입금기한).toBe(
      '2026년 12월 25일 00:30 (한국 시간)',
    );
    expect(kakaoNoticeOf(mails[3] as CustomerMail)?.values.환불수단).toBe('계좌 이체 신한 110-***-456789');
    expect(kakaoNoticeOf(mails[4] as CustomerMail)?.values.상품명).toBe('Cutloom 스탠다드 (연간)');
    expect(noticeText.date(AT)).toBe('2026년 12월 25일');
  });

  it('has none for a change of plan', () => {
    expect(
      kakaoNoticeOf({
        kind: 'plan-change-cancelled',
        planType: 'LIGHT',
        amount: 1,
        currency: 'KRW',
        period: 'MONTHLY',
        newPlan: { planType: 'STANDARD', period: 'MONTHLY' },
        renewsAt: AT,
        byOperator: false,
      }),
    ).toBeUndefined();
  });
});

describe('who gets a 알림톡', () => {
  it('a Korean customer with a Korean mobile number only', () => {
    expect(kakaoNumber('ko', '+821098765432')).toBe('01098765432');
    expect(kakaoNumber('en', '+821098765432')).toBeUndefined();
    expect(kakaoNumber('ko', '+14155550100')).toBeUndefined();
    expect(kakaoNumber('ko', undefined)).toBeUndefined();
  });
});

describe("a message's delivery, as SOLAPI keeps it", () => {
  const message = (statusCode: string, replacement = false) => ({ messageId: 'M', statusCode, replacement });
  it('4000 is delivered: by KakaoTalk, or by the fallback when it is a replacement', () => {
    expect(deliveryOf(message('4000'))).toEqual({ status: 'kakao', statusCode: '4000' });
    expect(deliveryOf(message('4000', true))).toEqual({ status: 'sms', statusCode: '4000' });
  });
  it('2000 and 3000 are on their way; any other code failed', () => {
    expect(deliveryOf(message('2000'))).toBeUndefined();
    expect(deliveryOf(message('3000'))).toBeUndefined();
    expect(deliveryOf({ messageId: 'M' })).toBeUndefined();
    expect(deliveryOf(message('3104'))).toEqual({ status: 'failed', statusCode: '3104' });
  });
});
