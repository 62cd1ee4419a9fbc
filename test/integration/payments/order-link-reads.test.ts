import { describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/core/data/client.ts';
import { createPaymentProgress } from '../../../functions/core/payments/payment-progress.ts';
import { newCustomer } from '../orders/order-helpers.ts';

/**
 * Opening an order link reads the account once and never reads back the session it has just stored
 * (issue 15: opening a session answers what it built). The reads are counted on the table client,
 * in this process, by the entity their key names.
 */
const READS = ['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand'];

describe('the operator’s order link', () => {
  it('reads the account once and the session it opens not at all', async () => {
    const buyer = await newCustomer();
    const reads: string[] = [];
    const client = dynamo();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (READS.includes(context.commandName ?? '')) reads.push(JSON.stringify(args.input));
        return next(args);
      },
      { step: 'initialize', name: 'countOrderLinkReads' },
    );
    try {
      const row = await createPaymentProgress({
        uid: buyer.uid,
        planName: 'Y1_LIGHT_V3',
        currency: 'KRW',
        desc: 'counted',
        operator: { uid: 'operator', email: 'operator@example.com' },
      });
      const ofAccount = reads.filter((key) => key.includes(`uid_${buyer.uid}","sk":"$user_`));
      const ofSession = reads.filter((key) => key.includes(row.guid));
      expect({ ofAccount: ofAccount.length, ofSession: ofSession.length }).toEqual({
        ofAccount: 1,
        ofSession: 0,
      });
    } finally {
      client.middlewareStack.remove('countOrderLinkReads');
    }
  });
});
