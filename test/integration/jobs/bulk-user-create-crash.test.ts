import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../../functions/core/clock.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { findUserByEmail } from '../../../functions/core/data/user-repository.ts';
import { jobStatus } from '../../../functions/core/jobs/job-status.ts';
import { enqueueBulkUserCreate } from '../../../functions/core/users/bulk-user-create.ts';
import type { StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/sqs.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import { QUEUES } from '../../../shared/jobs/queues.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';

/**
 * A bulk user create whose consumer is killed mid-message: the real queue adapter sends to the SQS
 * stand-in, which runs the real consumer in a child process; the first delivery is killed with SIGKILL
 * once some accounts exist, and SQS redelivers the message when its visibility timeout has passed (the
 * test clock is moved past it). Every row must end created exactly once.
 */
const consumerScript = join(import.meta.dirname, 'consumer-process.ts');
const tag = uniqueId('crash').toLowerCase();
const rows = Array.from({ length: 7 }, (_, index) => ({
  email: `${tag}-${index}@example.com`,
  name: `Crash Row ${index}`,
  password: 'crash-pass1',
  language: 'en',
  referralType: '',
  referralCode: '',
}));
rows[4] = { ...(rows[4] as (typeof rows)[number]), password: 'x' };
const deliveries: Array<{ killed: boolean }> = [];
const VISIBILITY_TIMEOUT_MS =
  (QUEUES.find((queue) => queue.id === 'bulk-user-create')?.visibilityTimeoutSeconds ?? 0) * 1000;
let sqs: StandIn;

async function accountsCreated(): Promise<number> {
  const found = await Promise.all(rows.map((row) => findUserByEmail(row.email)));
  return found.filter(Boolean).length;
}

/** Runs the consumer in a child; kills the first delivery once two accounts exist. */
function runConsumer(event: unknown): Promise<unknown> {
  const delivery = { killed: false };
  deliveries.push(delivery);
  const child = spawn(process.execPath, ['--import', 'tsx', consumerScript], {
    env: { ...process.env, LOG_LEVEL: 'error' },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(event));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const watcher =
    deliveries.length === 1
      ? setInterval(async () => {
          if ((await accountsCreated()) >= 2 && !delivery.killed) {
            delivery.killed = true;
            child.kill('SIGKILL');
            // The message stays hidden for its visibility timeout; the test clock passes it.
            moveTestClockTo(nowMs() + VISIBILITY_TIMEOUT_MS);
          }
        }, 20)
      : undefined;
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) => {
      clearInterval(watcher);
      if (signal || code !== 0) reject(new Error(`consumer died (${signal ?? code})`));
      else resolve(JSON.parse(output.trim().split('\n').at(-1) ?? ''));
    });
  });
}

beforeAll(async () => {
  pointAtRuntime();
  sqs = await start(
    {
      registerLocalEndpoint: () => undefined,
      invokeModule: (_path, event) => runConsumer(event),
      stateDir: undefined,
      baseUrl: 'http://localhost',
    },
    // Each message once: this test is about the redelivery after a crash, not about duplicates.
    { duplicateShare: 0 },
  );
  Object.assign(process.env, sqs.env);
});

afterAll(async () => {
  await sqs?.stop();
});

describe('a bulk user create whose consumer is killed mid-message', () => {
  it('ends with every valid row created exactly once and the bad row failed, nothing lost or doubled', async () => {
    const operator = { uid: 'operator-crash', email: 'operator@example.com' };
    const { jobId } = await enqueueBulkUserCreate({
      rows,
      assistEmail: 'crash@example.com',
      desc: 'crash test',
      operator,
    });

    let status = await jobStatus(jobId);
    for (let attempt = 0; attempt < 600 && status.job.status !== 'done'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = await jobStatus(jobId);
    }
    expect(deliveries[0]?.killed).toBe(true);
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(status.job).toMatchObject({ total: 7, succeeded: 6, failed: 1, status: 'done' });
    expect(status.fails).toEqual([
      { item: rows[4]?.email, reason: 'console-users:validation.password_length' },
    ]);
    expect(await accountsCreated()).toBe(6);
    for (const row of rows.filter((_, index) => index !== 4)) {
      const user = await findUserByEmail(row.email);
      expect(await listUserActivities(user?.uid ?? '')).toMatchObject([
        { action: 'user.bulk-create', desc: 'crash test' },
      ]);
    }
    // Two child processes and seven password hashes on a busy machine: a minute at most.
  }, 60_000);
});
