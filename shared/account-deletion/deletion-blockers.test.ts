import { describe, expect, it } from 'vitest';
import { deletionBlocker } from './deletion-blockers.ts';

const now = Date.UTC(2027, 0, 10);

describe('what keeps an account from being deleted', () => {
  it('is a virtual account awaiting a deposit until its due date, the latest if several', () => {
    const orders = [
      { status: 'vbank_issued', vbankDueDate: now + 3_600_000 },
      { status: 'vbank_issued', vbankDueDate: now + 7_200_000 },
      { status: 'paid' },
    ];
    expect(deletionBlocker({ orders, openCases: [] }, now)).toEqual({
      reason: 'deposit-awaited',
      until: now + 7_200_000,
    });
  });

  it('is not a virtual account past its due date, or paid, or any settled payment', () => {
    const orders = [
      { status: 'vbank_issued', vbankDueDate: now },
      { status: 'paid' },
      { status: 'failed' },
      { status: 'created' },
    ];
    expect(deletionBlocker({ orders, openCases: [] }, now)).toBeUndefined();
  });

  it('is an open case about the account’s money, but not a held plan', () => {
    for (const kind of ['refund_required', 'vbank_expired', 'refund_unrecorded', 'refund_transfer'] as const)
      expect(deletionBlocker({ orders: [], openCases: [{ kind }] }, now)).toEqual({
        reason: 'payment-being-settled',
      });
    expect(deletionBlocker({ orders: [], openCases: [{ kind: 'plan_held' }] }, now)).toBeUndefined();
  });
});
