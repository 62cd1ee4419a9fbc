import { describe, expect, it } from 'vitest';
import { listPaymentsByStatus } from './payment-list.ts';
import { ProviderFault } from './provider.ts';
import { newPaymentWire, SandboxStore } from './store.ts';

/** A store of `count` payments, the i-th paid at 1,000 + i seconds; the last two cancelled, one failed. */
function store(count: number): SandboxStore {
  const sandbox = new SandboxStore(undefined);
  for (let index = 0; index < count; index += 1) {
    const wire = newPaymentWire({
      merchantUid: `ord_${index}`,
      payMethod: 'card',
      pg: 'html5_inicis',
      channel: 'pc',
      name: 'MR_STANDARD_V3',
      amount: 9900,
      currency: 'KRW',
      status: 'paid',
      buyer: {},
    });
    Object.assign(wire, { started_at: 900 + index, paid_at: 1000 + index });
    if (index >= count - 2)
      Object.assign(wire, { status: 'cancelled', cancel_amount: 9900, cancelled_at: 5000 });
    sandbox.payments.set(wire.imp_uid, { wire });
  }
  const failed = newPaymentWire({
    merchantUid: 'ord_failed',
    payMethod: 'card',
    pg: 'html5_inicis',
    channel: 'pc',
    name: 'x',
    amount: 9900,
    currency: 'KRW',
    status: 'failed',
    buyer: {},
  });
  Object.assign(failed, { started_at: 1000, failed_at: 1001 });
  sandbox.payments.set(failed.imp_uid, { wire: failed });
  return sandbox;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));

describe('GET /payments/status/{payment_status} of the sandbox', () => {
  it('lists a status by the time of that status, both ends included, paged as asked', () => {
    const sandbox = store(25);
    const first = listPaymentsByStatus(
      sandbox,
      'paid',
      query({ from: 1000, to: 1022, limit: 10, sorting: 'paid' }),
    );
    expect(first).toMatchObject({ total: 23, previous: 0, next: 2 });
    expect(first.list.map((wire) => wire.merchant_uid)).toEqual(
      Array.from({ length: 10 }, (_, index) => `ord_${index}`),
    );
    const last = listPaymentsByStatus(
      sandbox,
      'paid',
      query({ from: 1000, to: 1022, limit: 10, page: 3, sorting: 'paid' }),
    );
    expect(last).toMatchObject({ total: 23, previous: 2, next: 0 });
    expect(last.list.map((wire) => wire.merchant_uid)).toEqual(['ord_20', 'ord_21', 'ord_22']);
    // Cancelled payments are listed by when they were cancelled, not when they were paid.
    expect(listPaymentsByStatus(sandbox, 'cancelled', query({ from: 1000, to: 1030 })).total).toBe(0);
    expect(listPaymentsByStatus(sandbox, 'cancelled', query({ from: 5000, to: 5000 })).total).toBe(2);
    // `all`: each payment by its own status' time.
    expect(listPaymentsByStatus(sandbox, 'all', query({ from: 1001, to: 1001 })).total).toBe(2);
  });

  it('marks every payment as made on a test channel, and answers 20 newest-started by default', () => {
    const page = listPaymentsByStatus(store(25), 'paid', query({ from: 0, to: 2000 }));
    expect(page.list).toHaveLength(20);
    expect(page.list[0]?.merchant_uid).toBe('ord_22');
    expect(page.list.every((wire) => wire.sandbox === true)).toBe(true);
  });

  it('refuses what the provider refuses', () => {
    const sandbox = store(3);
    const refused = (status: string, params: Record<string, string | number>) => {
      try {
        listPaymentsByStatus(sandbox, status, query(params));
      } catch (error) {
        return error instanceof ProviderFault ? error.status : 'other';
      }
      return 'answered';
    };
    expect(refused('refunded', {})).toBe(400);
    expect(refused('paid', { limit: 1001 })).toBe(400);
    expect(refused('paid', { limit: 0 })).toBe(400);
    expect(refused('paid', { page: 0 })).toBe(400);
    expect(refused('paid', { from: 0, to: 2000, page: 2 })).toBe(400);
    expect(refused('paid', { from: 0, to: 91 * 86_400 })).toBe(400);
    expect(refused('paid', { sorting: 'amount' })).toBe(400);
    expect(refused('paid', { from: 0, to: 2000 })).toBe('answered');
  });
});
