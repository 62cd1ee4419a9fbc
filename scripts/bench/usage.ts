import { getUsageCounters } from '../../functions/core/data/usage-repository.ts';
import { createUser } from '../../functions/core/data/user-repository.ts';
import { signIdToken } from '../../functions/core/identity/id-token.ts';
import { grantUsage } from '../../functions/core/usage/grant-usage.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchFlags } from './bench-options.ts';
import { runLoad } from './load.ts';

/**
 * Usage-recording figures (`npm run bench:usage`), through the local gateway against DynamoDB Local:
 * recordings per second for one account (every recording contends for the same counters) and for
 * many, then a check that each account's counter moved by exactly the recordings that were answered as
 * counted (no lost increment). Each account is first given a large allowance back by an operator's
 * grant, so that no recording is refused for the limit. Loopback only, bounded in time, stops by itself.
 * A lost increment or a refused recording fails the command. `--smoke`: one second each, 5 accounts.
 */
const { smoke } = benchFlags('1 s of recordings each, 5 accounts');
const SECONDS = smoke ? 1 : 6;
const CONCURRENCY = 16;
const ACCOUNTS = smoke ? 5 : 50;
const ALLOWANCE_MINUTES = 1_000_000;

const runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });

interface Account {
  uid: string;
  token: string;
  counted: number;
}

async function newAccount(index: number): Promise<Account> {
  const uid = `bench-usage-${index}-${Date.now()}`;
  const now = Date.now();
  await createUser({
    uid,
    name: 'Bench User',
    email: `${uid}@example.com`,
    emailVerified: true,
    providers: ['password'],
    uiLanguage: 'ko',
    clientType: 'desktop',
    created: now,
    credentialsChangedAt: now,
  });
  await grantUsage({
    uid,
    grantId: 'bench',
    amounts: { sttMin: -ALLOWANCE_MINUTES, tts: 0, translate: 0, genimage: 0, desc: 'Benchmark allowance' },
    operator: { uid: 'bench', email: 'bench@example.com' },
  });
  return { uid, token: await signIdToken({ uid, email: `${uid}@example.com` }), counted: 0 };
}

let entries = 0;
async function recordOne(account: Account): Promise<boolean> {
  entries += 1;
  const response = await fetch(`${runtime.url}/auth/record-usage`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    body: JSON.stringify({
      entryId: `bench-entry-${entries}`,
      usageType: 'STT',
      count: 1,
      clientType: 'desktop',
    }),
  });
  const body = (await response.json()) as { result?: { success: boolean } };
  if (response.status !== 200 || !body.result?.success) return false;
  account.counted += 1;
  return true;
}

async function lostIncrements(accounts: readonly Account[]): Promise<number> {
  let lost = 0;
  for (const account of accounts) {
    const counters = await getUsageCounters(account.uid);
    lost += Math.abs((counters?.sttMonthly ?? 0) + ALLOWANCE_MINUTES * 60 - account.counted);
  }
  return lost;
}

async function measure(label: string, accounts: Account[]): Promise<boolean> {
  let next = 0;
  const result = await runLoad(
    () => recordOne(accounts[next++ % accounts.length] as Account),
    CONCURRENCY,
    SECONDS,
  );
  const lost = await lostIncrements(accounts);
  console.log(
    `POST /auth/record-usage, ${label}: ${result.perSecond.toFixed(0)} recordings/s ` +
      `(${result.requests} over ${SECONDS} s from ${CONCURRENCY} workers, p50 ${result.p50.toFixed(0)} ms, ` +
      `p99 ${result.p99.toFixed(0)} ms, ${result.errors} errors); lost increments: ${lost}`,
  );
  return lost === 0 && result.errors === 0;
}

try {
  const one = [await newAccount(0)];
  await recordOne(one[0] as Account);
  const many = await Promise.all(Array.from({ length: ACCOUNTS }, (_, index) => newAccount(index + 1)));
  const oneOk = await measure('one account', one);
  const manyOk = await measure(`${ACCOUNTS} accounts`, many);
  if (!oneOk || !manyOk) process.exitCode = 1;
} finally {
  await runtime.stop();
}
