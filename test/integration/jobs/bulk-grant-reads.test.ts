import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dynamo } from '../../../functions/core/data/client.ts';
import { getUsageCounters } from '../../../functions/core/data/usage-repository.ts';
import { runBatch } from '../../../functions/core/jobs/run-batch.ts';
import { pointAtRuntime } from '../helpers.ts';
import { grantMessage as grantMessageOf } from './grant-accounts.ts';

/**
 * A message of a bulk usage grant reads its accounts together (issue 18): the accounts named by uid in
 * one BatchGetItem, the e-mails' items in another and the accounts they point to in a third, then the
 * accounts' plan heads and usage counters in one BatchGetItem each, whatever the number of items. The
 * commands are counted on the table client, in this process, by the entity their keys name.
 */
const READS = ['GetItemCommand', 'BatchGetItemCommand', 'QueryCommand'];
let reads: Array<{ command: string; input: string }> = [];

beforeAll(() => pointAtRuntime());
beforeEach(() => {
  reads = [];
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      if (READS.includes(command)) reads.push({ command, input: JSON.stringify(args.input) });
      return next(args);
    },
    { step: 'initialize', name: 'countBulkGrantReads' },
  );
});
afterEach(() => {
  dynamo().middlewareStack.remove('countBulkGrantReads');
});

/** A message of `size` accounts, every other one named by e-mail, plus an unknown e-mail. */
const grantMessage = (size: number) => grantMessageOf('Reads', size, { sttMin: 0, tts: -10, desc: 'reads' });

/** The reads of one kind of item: by the entity its key names, and by which command. */
function readsOf(entityPrefix: string) {
  const of = reads.filter((read) => read.input.includes(`"sk":"${entityPrefix}`));
  return {
    gets: of.filter((read) => read.command === 'GetItemCommand').length,
    queries: of.filter((read) => read.command === 'QueryCommand').length,
    batchGets: of.filter((read) => read.command === 'BatchGetItemCommand').length,
  };
}

describe('a bulk usage grant message', () => {
  it('reads its accounts, plan heads and counters in BatchGets, as many for 40 items as for 4', async () => {
    const counted = [];
    // The first message also reads FREE's quotas, which a warm consumer keeps for a minute.
    for (const size of [1, 4, 40]) {
      const { accounts, message } = await grantMessage(size);
      reads = [];
      await runBatch(message);
      counted.push({
        total: reads.length,
        accounts: readsOf('$user_'),
        emails: readsOf('$useremail_'),
        heads: readsOf('$userplanhead_'),
        counters: readsOf('$usagecounter_'),
      });
      for (const account of accounts) expect((await getUsageCounters(account.uid))?.ttsMonthly).toBe(-10);
    }
    expect(counted[1]).toMatchObject({
      accounts: { gets: 0, queries: 0, batchGets: 2 },
      emails: { gets: 0, queries: 0, batchGets: 1 },
      heads: { gets: 0, queries: 0, batchGets: 1 },
      counters: { gets: 0, queries: 0, batchGets: 1 },
    });
    expect(counted[2]).toEqual(counted[1]);
  });

  it('delivered again once every item is counted, reads its count and its job, nothing else', async () => {
    const { accounts, message } = await grantMessage(10);
    await runBatch(message);
    reads = [];
    await runBatch(message);
    // Granted rows leave no outcome item: the message's count says they are done, and the job is
    // looked at (is it closed?), nothing else.
    expect(reads.map((read) => read.command).sort()).toEqual([
      'GetItemCommand',
      'GetItemCommand',
      'QueryCommand',
    ]);
    expect(readsOf('$jobbatchcount_').gets).toBe(1);
    for (const account of accounts) expect((await getUsageCounters(account.uid))?.ttsMonthly).toBe(-10);
  });
});
