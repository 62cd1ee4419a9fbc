import { beforeAll, describe, expect, it } from 'vitest';
import { jobCounts } from '../../../functions/core/data/job-repository.ts';
import { getUsageCounters } from '../../../functions/core/data/usage-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { itemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { jobStatus } from '../../../functions/core/jobs/job-status.ts';
import { runBatch } from '../../../functions/core/jobs/run-batch.ts';
import { BULK_USAGE_GRANT_KIND } from '../../../functions/core/usage/bulk-usage-grant.ts';
import { USAGE_GRANT_REFUSALS } from '../../../shared/usage/usage-grant-rules.ts';
import { pointAtRuntime } from '../helpers.ts';
import { grantMessage } from './grant-accounts.ts';

/**
 * A granted row of a bulk usage grant is counted on its message in the transaction that writes its
 * usage entries (issue 18: a row is its entries, its counter move and its activity, with no outcome
 * item of its own). So a consumer that dies after the grants and before recording anything has counted
 * them, and the message delivered again counts them no second time.
 */
beforeAll(() => pointAtRuntime());

describe('a bulk usage grant message', () => {
  it('counts each grant with its write, once, when the consumer dies before recording outcomes', async () => {
    const { accounts, unknown, message } = await grantMessage('Counted', 6, {
      sttMin: -1,
      tts: -10,
      desc: 'counted',
    });
    const { jobId, items } = message;

    // The first delivery's processor writes the grants; its consumer dies before runBatch records.
    const processor = itemProcessor(BULK_USAGE_GRANT_KIND);
    const prepared = await processor?.prepare(items, message.params);
    await processor?.process(
      items.map((item, itemIndex) => ({ item, place: { jobId, batchIndex: 0, itemIndex } })),
      message.params,
      prepared,
    );
    expect(await jobCounts(jobId, true)).toEqual({ succeeded: 6, failed: 0 });

    // Delivered again: nothing granted or counted twice; the unknown address fails once.
    await runBatch(message);
    await runBatch(message);
    const { job, fails } = await jobStatus(jobId);
    expect(job).toMatchObject({ total: 7, succeeded: 6, failed: 1, status: 'done' });
    expect(fails).toEqual([{ item: unknown, reason: USAGE_GRANT_REFUSALS.noAccount }]);
    for (const account of accounts) {
      expect(await getUsageCounters(account.uid)).toMatchObject({ ttsMonthly: -10, sttMonthly: -60 });
      const grants = (await listUserActivities(account.uid)).filter(
        (activity) => activity.action === 'usage.grant',
      );
      expect(grants.map((activity) => activity.desc)).toEqual(['counted']);
    }
  });
});
