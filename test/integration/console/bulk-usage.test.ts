import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { itemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { jobStatus } from '../../../functions/core/jobs/job-status.ts';
import { runBatch } from '../../../functions/core/jobs/run-batch.ts';
import { BULK_USAGE_GRANT_KIND } from '../../../functions/core/usage/bulk-usage-grant.ts';
import { adminBulkUsageCreate, adminUsageList } from '../../../shared/api/usage.ts';
import { adminUserInfo } from '../../../shared/api/users.ts';
import { BULK_REPEAT_REFUSAL } from '../../../shared/jobs/bulk-repeat.ts';
import { adminToken, call, pointAtRuntime, uniqueId } from '../helpers.ts';
import { newCustomer } from '../orders/order-helpers.ts';
import { finishedJob } from './jobs.ts';

/** The bulk usage grant over HTTP and the SQS stand-in (admin-console.md sections 5, 7 and 9). */
const amounts = { allowPlus: false, sttMin: -2, tts: -300, translate: 0, genimage: 0, desc: 'outage credit' };

beforeAll(() => pointAtRuntime());

async function freeCounters(uid: string, token: string) {
  const detail = await call(adminUserInfo, { uid }, { token });
  return detail.body.usage.free as Record<string, number>;
}

describe('a bulk usage grant', () => {
  it('grants every listed uid or e-mail once and lists an unknown e-mail with its reason', async () => {
    const token = await adminToken();
    const byUid = await newCustomer();
    const byEmail = await newCustomer();
    const unknown = `${uniqueId('nobody')}@example.com`;
    const queued = await call(
      adminBulkUsageCreate,
      { uidOrEmails: [byUid.uid, byEmail.email, unknown], ...amounts },
      { token },
    );
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body.total).toBe(3);

    const done = await finishedJob(queued.body.jobId, token);
    expect(done.job).toMatchObject({ total: 3, succeeded: 2, failed: 1 });
    expect(done.fails).toEqual([{ item: unknown, reason: 'console-usage:refusal.no_account' }]);
    for (const account of [byUid, byEmail]) {
      expect(await freeCounters(account.uid, token)).toMatchObject({ sttMonthly: -120, ttsMonthly: -300 });
      const detail = await call(adminUserInfo, { uid: account.uid }, { token });
      expect(detail.body.userActivities[0]).toMatchObject({ action: 'usage.grant', desc: 'outage credit' });
    }
  });

  it('refuses the same list with the same amounts and desc again soon after, unless the operator confirms a repeat', async () => {
    const token = await adminToken();
    const first = await newCustomer();
    const second = await newCustomer();
    const request = { uidOrEmails: [first.uid, second.email], ...amounts, desc: uniqueId('credit') };
    // Sent twice at once: one claim wins, the other is the repeat.
    const answers = await Promise.all([
      call(adminBulkUsageCreate, request, { token }),
      call(adminBulkUsageCreate, request, { token }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const queued = answers.find((answer) => answer.status === 200);
    await finishedJob(queued?.body.jobId, token);

    // The same accounts in another order and case are the same list.
    const reordered = { ...request, uidOrEmails: [second.email.toUpperCase(), first.uid] };
    const refused = await call(adminBulkUsageCreate, reordered, { token });
    expect(refused.body.error).toEqual({ code: 'conflict', msg: BULK_REPEAT_REFUSAL });
    expect(await freeCounters(first.uid, token)).toMatchObject({ sttMonthly: -120, ttsMonthly: -300 });

    const otherDesc = await call(adminBulkUsageCreate, { ...request, desc: `${request.desc} b` }, { token });
    expect(otherDesc.status).toBe(200);
    await finishedJob(otherDesc.body.jobId, token);
    const confirmed = await call(adminBulkUsageCreate, { ...reordered, confirmRepeat: true }, { token });
    expect(confirmed.status).toBe(200);
    await finishedJob(confirmed.body.jobId, token);
    expect(await freeCounters(first.uid, token)).toMatchObject({ sttMonthly: -360, ttsMonthly: -900 });
  });

  it('counts a redelivered item once: the grant its first delivery wrote is found, not written again', async () => {
    const token = await adminToken();
    const account = await newCustomer();
    const jobId = uniqueId('job');
    await db()
      .entities.job.create({ jobId, kind: BULK_USAGE_GRANT_KIND, createdBy: 'operator', total: 1 })
      .go();
    const message = {
      jobId,
      kind: BULK_USAGE_GRANT_KIND,
      batchIndex: 0,
      items: [account.email],
      params: { amounts, operator: { uid: 'operator', email: 'operator@example.com' } },
    };
    // The first delivery granted (counting the item with its grant), then its consumer died.
    const processor = itemProcessor(BULK_USAGE_GRANT_KIND);
    const prepared = await processor?.prepare(message.items, message.params);
    const place = { jobId, batchIndex: 0, itemIndex: 0 };
    expect(await processor?.process([{ item: account.email, place }], message.params, prepared)).toEqual([
      { ok: true, counted: 'now' },
    ]);
    await runBatch(message);

    const { job } = await jobStatus(jobId);
    expect(job).toMatchObject({ status: 'done', succeeded: 1, failed: 0 });
    expect(await freeCounters(account.uid, token)).toMatchObject({ sttMonthly: -120, ttsMonthly: -300 });
    const range = { from: Date.now() - 86_400_000, to: Date.now() + 86_400_000 };
    const entries = await call(adminUsageList, { uid: account.uid, ...range, usageType: 'ALL' }, { token });
    expect(entries.body.results).toHaveLength(2);
  });

  it('refuses an empty list, a plus without allowPlus and a missing desc, queueing nothing', async () => {
    const token = await adminToken();
    const account = await newCustomer();
    const refusal = async (input: Record<string, unknown>) =>
      (await call(adminBulkUsageCreate, { uidOrEmails: [account.uid], ...amounts, ...input }, { token })).body
        .error;
    expect((await refusal({ uidOrEmails: [] })).msg).toContain('console-usage:validation.no_uids');
    expect((await refusal({ tts: 5 })).msg).toContain('console-usage:validation.plus_not_allowed');
    expect((await refusal({ desc: '' })).code).toBe('invalid_argument');
    expect(await freeCounters(account.uid, token)).toMatchObject({ sttMonthly: 0, ttsMonthly: 0 });
  });
});
