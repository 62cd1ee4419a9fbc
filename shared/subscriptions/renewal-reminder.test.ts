import { describe, expect, it } from 'vitest';
import { reminderAt, remindsBeforeRenewal, renewalPrice } from './renewal-reminder.ts';

describe('renewal reminders', () => {
  it('remind before every annual renewal', () => {
    expect(remindsBeforeRenewal({ period: 'ANNUAL', price: 99_000, scheduledPrice: 99_000 })).toBe(true);
    expect(remindsBeforeRenewal({ period: 'ANNUAL', price: 99_000 })).toBe(true);
  });

  it('remind before a monthly renewal only when its price differs from the last charge', () => {
    expect(remindsBeforeRenewal({ period: 'MONTHLY', price: 9_900, scheduledPrice: 9_900 })).toBe(false);
    expect(remindsBeforeRenewal({ period: 'MONTHLY', price: 9_900 })).toBe(false);
    expect(remindsBeforeRenewal({ period: 'MONTHLY', price: 4_950, scheduledPrice: 9_900 })).toBe(true);
  });

  it('remind before a renewal into another plan the customer chose, whatever it costs', () => {
    const change = { amount: 9_900 };
    expect(remindsBeforeRenewal({ period: 'MONTHLY', price: 9_900, planChange: change })).toBe(true);
    expect(
      remindsBeforeRenewal({ period: 'MONTHLY', price: 9_900, scheduledPrice: 9_900, planChange: change }),
    ).toBe(true);
  });

  it('charge the scheduled change’s price over the plan’s own renewal price', () => {
    expect(
      renewalPrice({
        period: 'MONTHLY',
        price: 19_900,
        scheduledPrice: 21_900,
        planChange: { amount: 9_900 },
      }),
    ).toBe(9_900);
    expect(renewalPrice({ period: 'MONTHLY', price: 19_900, planChange: { amount: 99_000 } })).toBe(99_000);
  });

  it('go out seven days before the renewal, for the renewal price', () => {
    expect(reminderAt(Date.UTC(2027, 0, 8))).toBe(Date.UTC(2027, 0, 1));
    expect(renewalPrice({ period: 'MONTHLY', price: 4_950, scheduledPrice: 9_900 })).toBe(9_900);
  });
});
