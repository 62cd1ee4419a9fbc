import { describe, expect, it } from 'vitest';
import { SCHEDULER_NAME_PATTERN } from '../../../shared/jobs/schedules.ts';
import { MERCHANT_UID_PREFIX, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { nextRecheckAt, recheckScheduleName } from './order-recheck.ts';

const MINUTE = 60_000;
const created = Date.parse('2026-03-02T10:00:00Z');

describe('when an order is asked about again', () => {
  it('after its checkout opened: 10 minutes, an hour and a day after it was made, then never', () => {
    const order = { status: 'created' as const, created, vbankDueDate: undefined };
    expect(nextRecheckAt(order, created)).toBe(created + 10 * MINUTE);
    expect(nextRecheckAt(order, created + 10 * MINUTE)).toBe(created + 60 * MINUTE);
    expect(nextRecheckAt({ ...order, status: 'charging' }, created + 61 * MINUTE)).toBe(
      created + 1440 * MINUTE,
    );
    expect(nextRecheckAt(order, created + 1440 * MINUTE)).toBeUndefined();
  });

  it('while a virtual account is open: every hour, and once just after its due date', () => {
    const due = created + 3 * 1440 * MINUTE;
    const order = { status: 'vbank_issued' as const, created, vbankDueDate: due };
    expect(nextRecheckAt(order, created + 10 * MINUTE)).toBe(created + 70 * MINUTE);
    expect(nextRecheckAt(order, due - 30 * MINUTE)).toBe(due + 10 * MINUTE);
    expect(nextRecheckAt(order, due + 10 * MINUTE)).toBeUndefined();
  });

  it('never once it is settled', () => {
    for (const status of ['paid', 'failed', 'refunded'] as const) {
      expect(nextRecheckAt({ status, created, vbankDueDate: undefined }, created)).toBeUndefined();
    }
    const refused = { status: 'refund_required' as const, created, vbankDueDate: undefined };
    expect(nextRecheckAt({ ...refused, returnRefused: 'F113 refused' }, created)).toBeUndefined();
  });

  it('while the money of an order that could not be granted may still go back by itself: every 10 minutes for a day', () => {
    const order = { status: 'refund_required' as const, created, updated: created, vbankDueDate: undefined };
    expect(nextRecheckAt(order, created)).toBe(created + 10 * MINUTE);
    expect(nextRecheckAt(order, created + 1430 * MINUTE)).toBe(created + 1440 * MINUTE);
    expect(nextRecheckAt(order, created + 1440 * MINUTE)).toBeUndefined();
  });
});

describe("a re-check's schedule name", () => {
  it("keeps within the scheduler's rule for every kind of order, at the latest instant", () => {
    const latest = Date.UTC(9999, 11, 31, 23, 59, 59);
    for (const kind of Object.keys(MERCHANT_UID_PREFIX) as Array<keyof typeof MERCHANT_UID_PREFIX>)
      expect(recheckScheduleName(newMerchantUid(kind), latest)).toMatch(SCHEDULER_NAME_PATTERN);
  });
});
