import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, inject, it, vi } from 'vitest';
import { checkAuditChain } from '../../../functions/core/audit/chain-check.ts';
import {
  type AuditRecord,
  appendAuditEntry,
  monthChain,
  runInAuditScope,
} from '../../../functions/core/data/audit-trail-repository.ts';
import { dynamo } from '../../../functions/core/data/client.ts';
import { metrics } from '../../../functions/core/observability.ts';
import { adminAttentionList } from '../../../shared/api/attention.ts';
import { adminConfigCreate } from '../../../shared/api/configs.ts';
import { adminDirectDepositCreate } from '../../../shared/api/direct-deposits.ts';
import { adminUserCreate } from '../../../shared/api/users.ts';
import type { ArchivedChange } from '../../../shared/archive/record-archive.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { adminToken, call, staffSession, uniqueId } from '../helpers.ts';

/**
 * The audit trail cannot be rewritten without it showing (issue 39): each KST month's entries are a hash
 * chain whose head moves in the transaction of every entry. Fifty staff writes at once (some carried in
 * their change's transaction, some written after it) and fifty entries appended at once in a month of
 * their own each take one place; an entry replaced by a PutItem with its key, and one deleted, are found
 * by the chain check, listed once on the attention page and counted; and the locked copy holds every
 * entry and payment written here, the replaced entry's original among them, and refuses to lose one.
 */
const KST = 9 * 3600_000;
/** An instant in a KST month that no other test writes entries in. */
const inMonth = (month: string, minute: number) =>
  Date.parse(`${month}-10T00:00:00Z`) - KST + minute * 60_000;

const record = (at: number, kind: string): AuditRecord => ({
  at,
  kind,
  outcome: 'done',
  staff: { uid: 'chain-test', email: 'chain-test@example.com', role: 'admin' },
  notes: { targetIds: [] },
  sourceAddress: '127.0.0.1',
});

async function entriesOfMonth(month: string) {
  const { entries } = await monthChain(month);
  return entries.sort((a, b) => Number(a.at) - Number(b.at));
}

interface ArchivedVersion {
  key: string;
  versionId: string;
  retainUntil: number;
  record?: ArchivedChange;
}

async function archive(
  prefix: string,
): Promise<{ endpoint: string; bucket: string; versions: ArchivedVersion[] }> {
  const answer = await fetch(
    new URL(`/_local/record-archive.json?prefix=${encodeURIComponent(prefix)}`, inject('apiUrl')),
  );
  return answer.json();
}

/** Waits until the locked copy holds `expected` changes that `pick` picks, and answers them, oldest first. */
async function archivedRecords(prefix: string, expected: number, pick: (change: ArchivedChange) => boolean) {
  for (let waited = 0; ; waited += 250) {
    const changes = (await archive(prefix)).versions.flatMap((version) =>
      version.record ? [version.record] : [],
    );
    // Delivered at least once (the tests deliver everything twice): one record per change.
    const picked = changes
      .filter(pick)
      .filter(
        (change, index, all) =>
          all.findIndex((other) => other.sequenceNumber === change.sequenceNumber) === index,
      )
      .sort((a, b) => a.sequenceNumber.localeCompare(b.sequenceNumber, 'en', { numeric: true }));
    if (picked.length >= expected || waited > 20_000) return picked;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Each entry of the month holds a place of its own: every chain's places run from 1 to its head's. */
async function expectOnePlaceEach(month: string, count: number) {
  const { entries, heads } = await monthChain(month);
  const places = entries.map((entry) => `${entry.chainLane}/${entry.chainSeq}`);
  expect(new Set(places).size).toBe(count);
  const taken = [...heads]
    .sort((a, b) => a.lane - b.lane)
    .flatMap((head) => Array.from({ length: head.seq }, (_, index) => `${head.lane}/${index + 1}`));
  expect(taken).toEqual(places.sort((a, b) => a.localeCompare(b, 'en', { numeric: true })));
  expect((await checkAuditChain({ months: [month], dryRun: true })).breaks).toEqual([]);
}

describe('the audit chain', () => {
  it('gives fifty entries written at once one place each, alone or carried by their change', async () => {
    // Fifty written on their own (a sign-in event, a call whose change no transaction carried).
    const alone = '2031-01';
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => appendAuditEntry(record(inMonth(alone, index), 'alone'))),
    );
    await expectOnePlaceEach(alone, 50);
    // Fifty carried by their change's transaction, as every staff write's first transaction carries it.
    const carried = '2031-02';
    await Promise.all(
      Array.from({ length: 50 }, (_, index) => {
        const at = inMonth(carried, index);
        const { scope, result } = runInAuditScope(
          { targetIds: [] },
          () => record(at, 'carried'),
          () =>
            dynamo().send(
              new TransactWriteCommand({
                TransactItems: [
                  {
                    Put: {
                      TableName: process.env.TABLE_NAME,
                      Item: { pk: uniqueId('chained-change'), sk: '-' },
                    },
                  },
                ],
              }),
            ),
        );
        return result.then(() => expect(scope.written).toBe(true));
      }),
    );
    await expectOnePlaceEach(carried, 50);
  }, 120_000);

  it('keeps one chain through staff writes at once over HTTP', async () => {
    const staff = await staffSession('admin');
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        call(adminConfigCreate, { name: uniqueId(`chained-${index}`), value: 'v' }, { token: staff.token }),
      ),
    );
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => answer.body)).toEqual([]);
    const month = new Date(Date.now() + KST).toISOString().slice(0, 7);
    expect((await checkAuditChain({ months: [month], dryRun: true })).breaks).toEqual([]);
  }, 60_000);

  it('finds an entry replaced by a PutItem and one deleted: listed once on the attention page, counted', async () => {
    const [replacedMonth, deletedMonth] = ['2031-03', '2031-04'];
    for (const month of [replacedMonth, deletedMonth])
      for (let minute = 0; minute < 3; minute += 1)
        await appendAuditEntry(record(inMonth(month, minute), 'configEdit'));
    const [, second] = await entriesOfMonth(replacedMonth);
    const original = second as Record<string, unknown>;
    // Someone with the table's permissions rewrites what the second entry says, keeping its key and place.
    await dynamo().send(
      new PutCommand({
        TableName: process.env.TABLE_NAME,
        Item: { ...original, staffEmail: 'someone-else@example.com' },
      }),
    );
    const [, deleted] = await entriesOfMonth(deletedMonth);
    await dynamo().send(
      new DeleteCommand({
        TableName: process.env.TABLE_NAME,
        Key: { pk: (deleted as { pk: string }).pk, sk: (deleted as { sk: string }).sk },
      }),
    );

    const counted = vi.spyOn(metrics, 'addMetric');
    const found = await checkAuditChain({ months: [replacedMonth, deletedMonth] });
    expect(found.breaks).toEqual([
      {
        kind: 'altered',
        lane: original.chainLane,
        seq: original.chainSeq,
        entryId: original.entryId,
        month: replacedMonth,
      },
      { kind: 'missing', lane: deleted?.chainLane, seq: deleted?.chainSeq, month: deletedMonth },
    ]);
    expect(found.listed).toBe(2);
    expect(counted.mock.calls.filter(([name]) => name === 'AuditChainBroken')).toHaveLength(2);
    counted.mockRestore();
    // Found again by the next check: listed and counted once.
    expect((await checkAuditChain({ months: [replacedMonth, deletedMonth] })).listed).toBe(0);

    const cases = (await call(adminAttentionList, { limit: 500 }, { token: await adminToken() })).body
      .result as Array<{
      kind: string;
      reason: string;
      source?: string;
    }>;
    const broken = cases.filter(
      (open) => open.kind === 'audit_chain_broken' && open.source?.startsWith('2031-0'),
    );
    expect(broken.map((open) => open.reason).sort()).toEqual([
      `Audit trail ${replacedMonth}, chain ${original.chainLane}, entry #${original.chainSeq} (${original.entryId}): changed after it was written (its hash no longer matches the chain)`,
      `Audit trail ${deletedMonth}, chain ${deleted?.chainLane}, entry #${deleted?.chainSeq}: deleted (its place in the chain is empty)`,
    ]);

    // The locked copy kept the entry as it was written, and the replacement beside it.
    const changes = await archivedRecords(
      `auditEntry/${encodeURIComponent(original.pk as string)}/${encodeURIComponent(original.sk as string)}/`,
      2,
      () => true,
    );
    expect(changes.map((change) => change.eventName)).toEqual(['INSERT', 'MODIFY']);
    expect(changes[0]?.newImage).toEqual(original);
    expect(changes[1]?.newImage?.staffEmail).toBe('someone-else@example.com');
  }, 120_000);

  it('keeps every audit entry, payment and ledger entry written here in the locked copy, which refuses to lose one', async () => {
    const token = await adminToken();
    const email = `${uniqueId('locked')}@example.com`;
    const created = await call(
      adminUserCreate,
      { info: { name: 'Locked Copy', email, password: 'locked-pass1', language: 'ko' } },
      { token },
    );
    const uid = created.body.result.uid as string;
    const depositId = newMerchantUid('direct-deposit');
    const deposited = await call(
      adminDirectDepositCreate,
      {
        uid,
        depositId,
        planName: 'Y1_STANDARD_V3',
        price: 300000,
        currency: 'KRW',
        userName: 'Locked Copy',
        userEmail: email,
        userPhone: '+821012345678',
        paymentType: 'event',
        desc: 'locked copy',
      },
      { token },
    );
    expect(deposited.status, JSON.stringify(deposited.body)).toBe(200);

    const payments = await archivedRecords(
      'payment/',
      1,
      (change) => change.newImage?.merchantUid === depositId,
    );
    expect(payments[0]).toMatchObject({
      eventName: 'INSERT',
      newImage: { merchantUid: depositId, uid, price: 300000 },
    });
    const ledger = await archivedRecords(
      'ledgerEntry/',
      1,
      (change) => change.newImage?.merchantUid === depositId,
    );
    expect(ledger[0]?.newImage).toMatchObject({ kind: 'payment', merchantUid: depositId });
    const entries = await archivedRecords(
      'auditEntry/',
      2,
      (change) =>
        ['adminUserCreate', 'adminDirectDepositCreate'].includes(String(change.newImage?.kind)) &&
        JSON.stringify(change.newImage).includes(uid),
    );
    expect(entries.map((change) => change.newImage?.kind).sort()).toEqual([
      'adminDirectDepositCreate',
      'adminUserCreate',
    ]);
    // Each audit entry of the test is in the table exactly as the locked copy holds it.
    for (const change of entries) {
      const { Item } = await dynamo().send(
        new GetCommand({ TableName: process.env.TABLE_NAME, Key: change.keys }),
      );
      expect(Item).toEqual(change.newImage);
    }

    // S3 in compliance mode: a locked version cannot be deleted nor written without its checksum.
    const locked = await archive('payment/');
    const version = locked.versions.find(
      (one) => one.record?.newImage?.merchantUid === depositId,
    ) as ArchivedVersion;
    expect(version.retainUntil - Date.now()).toBeGreaterThan(1826 * 86_400_000);
    const s3 = new S3Client({
      endpoint: locked.endpoint,
      region: 'ap-northeast-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    await expect(
      s3.send(
        new DeleteObjectCommand({ Bucket: locked.bucket, Key: version.key, VersionId: version.versionId }),
      ),
    ).rejects.toMatchObject({ name: 'AccessDenied' });
    const keyPath = version.key.split('/').map(encodeURIComponent).join('/');
    const unchecked = await fetch(`${locked.endpoint}/${locked.bucket}/${keyPath}`, {
      method: 'PUT',
      body: '{}',
    });
    expect(unchecked.status).toBe(400);
    expect(await unchecked.text()).toContain('InvalidRequest');
    // An overwrite (the SDK sends its checksum) is a new version: the locked one is still there as written.
    await s3.send(new PutObjectCommand({ Bucket: locked.bucket, Key: version.key, Body: '{}' }));
    const after = await archive(version.key);
    expect(after.versions).toHaveLength(locked.versions.filter((one) => one.key === version.key).length + 1);
    expect(after.versions.find((one) => one.versionId === version.versionId)?.record).toEqual(version.record);
  }, 120_000);
});
