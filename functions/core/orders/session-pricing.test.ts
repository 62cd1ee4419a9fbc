import { describe, expect, it } from 'vitest';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../../../shared/plans/price-book.ts';
import type { PaymentSession } from '../data/payment-session-repository.ts';
import type { User } from '../data/user-repository.ts';
import {
  acceptedPrice,
  type SessionReads,
  sessionContext,
  sessionInfoOf,
  sessionPrice,
} from './session-pricing.ts';

/** Pricing a session from what was read for it: no table, only the session's choices and the reads. */
const NOW = Date.UTC(2026, 0, 1);

const session = (choices: Partial<PaymentSession> = {}) =>
  ({
    guid: 'g'.repeat(32),
    uid: 'buyer',
    clientType: 'web',
    language: 'ko',
    createdStatus: 'init',
    purpose: 'order',
    catalogue: 'default',
    planName: 'MR_STANDARD_V3',
    currency: 'KRW',
    expiresAt: NOW + 60_000,
    created: NOW,
    updated: NOW,
    ...choices,
  }) as PaymentSession;

const reads = (overrides: Partial<SessionReads> = {}): SessionReads => ({
  user: { uid: 'buyer', name: 'Kim', email: 'kim@example.com', emailVerified: true } as User,
  catalogue: { prices: [...BUILT_IN_PLAN_PRICES], usages: [...BUILT_IN_PLAN_USAGES], customPlans: [] },
  coupon: undefined,
  walletSwitch: undefined,
  upgrade: undefined,
  preregistration: undefined,
  ...overrides,
});

describe('a session’s price', () => {
  it('is the catalogue price in the session’s currency', () => {
    const ctx = sessionContext(session(), reads(), NOW);
    expect(sessionPrice(ctx, false).finalPrice).toBe(19900);
    expect(sessionPrice(sessionContext(session({ currency: 'USD' }), reads(), NOW), false).finalPrice).toBe(
      17.99,
    );
  });

  it('takes a partner’s rate, and the preregistration rate of a new order only when it is lower', () => {
    const partner = reads({ user: { ...reads().user, referralType: 'classu' } as User });
    expect(sessionPrice(sessionContext(session(), partner, NOW), false).finalPrice).toBe(17910);
    const preregistered = reads({ preregistration: { discountPercent: 20, created: NOW } });
    expect(sessionPrice(sessionContext(session(), preregistered, NOW), false).finalPrice).toBe(15920);
  });

  it('accepts the browser’s claim only when it is that price', () => {
    const ctx = sessionContext(session(), reads(), NOW);
    expect(acceptedPrice(ctx, 19900, false).amount).toBe(19900);
    expect(() => acceptedPrice(ctx, 9900, false)).toThrow(expect.objectContaining({ code: 'INVALID_PRICE' }));
  });

  it('refuses a plan the session does not offer, and shows the plan chosen', () => {
    expect(() => sessionContext(session({ planName: 'NO_SUCH_PLAN' }), reads(), NOW)).toThrow(
      expect.objectContaining({ code: 'INVALID_ARGUMENT' }),
    );
    const info = sessionInfoOf(sessionContext(session(), reads(), NOW), false);
    expect(info.planPriceInfo.name).toBe('MR_STANDARD_V3');
  });
});
