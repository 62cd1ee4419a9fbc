import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_USAGES } from '../../../shared/plans/price-book.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { paymentRecord, planRecord } from './grant-records.ts';

const standard = BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === 'STANDARD');
const order: PaymentOrder = {
  merchantUid: 'ord_0123456789abcdefghjkmnpqrs',
  guid: 'g'.repeat(32),
  uid: 'buyer-1',
  clientType: 'landing',
  language: 'ko',
  paymentType: 'regular',
  planName: 'MR_STANDARD_V3',
  planType: 'STANDARD',
  period: 'MONTHLY',
  catalogue: 'default',
  currency: 'KRW',
  payMethod: 'card',
  pg: 'html5_inicis',
  listPrice: 19900,
  finalPrice: 13930,
  amount: 13930,
  renewalPrice: 19900,
  isTest: false,
  couponCode: 'SPRING2025',
  bonusQuota: { STT: 600 },
  customerUid: 'cus_0123456789abcdefghjkmnpqrs',
  userName: '김하늘',
  userEmail: 'sky@example.com',
  userPhone: '+821012345678',
  status: 'charging',
  created: 0,
  updated: 0,
};
const receipt = {
  paidAt: Date.parse('2025-01-30T16:00:00Z'),
  amount: 13930,
  currency: 'KRW',
  impUid: 'imp_1',
};

describe('the plan an order grants', () => {
  it('starts at the payment, renews (PAID) at the renewal price, with the coupon’s bonus on its limits', () => {
    expect(planRecord(order, receipt, standard as NonNullable<typeof standard>)).toMatchObject({
      uid: 'buyer-1',
      planId: order.merchantUid,
      isSubscription: true,
      planStatus: 'PAID',
      paidAt: receipt.paidAt,
      expiredAt: Date.parse('2025-02-27T16:00:00Z'),
      price: 13930,
      scheduledPrice: 19900,
      customerUid: order.customerUid,
      sttLimit: 108000 + 600,
      ttsLimit: 300000,
      cloudStorageLimit: standard?.cloudStorageUsage,
      bonusQuota: { STT: 600 },
      couponCode: 'SPRING2025',
    });
  });

  it('of the wallet keeps its recurring registration, and its payment the wallet’s payment and receipt', () => {
    const wallet = { ...order, payMethod: 'naver_pay', pg: 'naverpay', customerUid: undefined };
    const paid = {
      ...receipt,
      walletPaymentId: 'np_20250130_1',
      recurrentId: 'rc_1',
      receiptUrl: 'https://r/1',
    };
    const plan = planRecord(wallet, paid, standard as NonNullable<typeof standard>);
    expect(plan).toMatchObject({ recurrentId: 'rc_1' });
    expect(plan.customerUid).toBeUndefined();
    expect(paymentRecord(wallet, paid)).toMatchObject({
      walletPaymentId: 'np_20250130_1',
      receiptUrl: 'https://r/1',
    });
  });

  it('of a fixed-term pass is UNSCHEDULED: it simply ends', () => {
    const pass = {
      ...order,
      period: 'ONE_YEAR' as const,
      paymentType: 'oneoff' as const,
      customerUid: undefined,
    };
    const plan = planRecord(pass, receipt, standard as NonNullable<typeof standard>);
    expect(plan).toMatchObject({ isSubscription: false, planStatus: 'UNSCHEDULED' });
    expect(plan.scheduledPrice).toBeUndefined();
  });
});

describe('the payment record', () => {
  it('holds what the admin console shows', () => {
    expect(paymentRecord(order, receipt)).toMatchObject({
      merchantUid: order.merchantUid,
      impUid: 'imp_1',
      paidAt: receipt.paidAt,
      planName: 'MR_STANDARD_V3',
      payMethod: 'card',
      pg: 'html5_inicis',
      price: 13930,
      currency: 'KRW',
      userName: '김하늘',
      userPhone: '+821012345678',
      status: 'paid',
      paymentType: 'regular',
      couponCode: 'SPRING2025',
      customerUid: order.customerUid,
      cancelledAmount: 0,
    });
  });
});
