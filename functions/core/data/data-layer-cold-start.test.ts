import { describe, expect, it, vi } from 'vitest';
import { ROOT, sources } from '../../../scripts/import-graph.ts';

/**
 * Issue 18 (cold start): a handler's module initialisation constructs no entity. Every ElectroDB entity
 * validates its model when constructed, so the data layer makes one only when a service that joins it is
 * first used. The real Entity is kept; the wrapper only counts its constructions.
 */
const constructed = vi.hoisted(() => ({ entities: [] as string[] }));

vi.mock('electrodb', async (importOriginal) => {
  const electrodb = await importOriginal<typeof import('electrodb')>();
  class CountedEntity extends electrodb.Entity<string, string, string, never> {
    constructor(...args: ConstructorParameters<typeof electrodb.Entity>) {
      super(...(args as [never]));
      constructed.entities.push((args[0] as { model: { entity: string } }).model.entity);
    }
  }
  return { ...electrodb, Entity: CountedEntity };
});

describe('the data layer at module initialisation', () => {
  it('constructs no entity, however many modules a bundle holds', async () => {
    for (const file of sources('functions/core/data')) await import(`${ROOT}/${file}`);
    expect(constructed.entities).toEqual([]);
  });

  it('constructs a service’s entities on its first use, once each, the same objects in every service', async () => {
    vi.stubEnv('TABLE_NAME', 'cutloom-test');
    const { Payment } = await import('./entities/payment.ts');
    const { tableService } = await import('./client.ts');
    const payments = tableService({ payment: Payment });
    const refunds = tableService({ payment: Payment });
    expect(payments().entities.payment).toBe(refunds().entities.payment);
    expect(constructed.entities).toEqual(['payment']);
  });
});
