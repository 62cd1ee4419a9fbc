import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/core/data/client.ts';
import { getUsageCounters } from '../../functions/core/data/usage-repository.ts';
import { listUserActivities } from '../../functions/core/data/user-activity-repository.ts';
import { findUserByEmail } from '../../functions/core/data/user-repository.ts';
import { settings } from '../../functions/core/settings.ts';
import { QUEUES } from '../../shared/jobs/queues.ts';
import { DUPLICATE_DELIVERY_VARIABLE, duplicateDeliveryShare } from '../local/at-least-once.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchAccount, operatorToken, seedAccounts } from './bench-accounts.ts';
import { benchFlags } from './bench-options.ts';

/**
 * Bulk jobs end to end (`npm run bench:bulk`): the local runtime in memory (gateway, DynamoDB Local,
 * the SQS stand-in delivering to the real consumer with each queue's maxConcurrency, and a share of the
 * messages twice), N accounts written straight into DynamoDB Local, then a bulk usage grant over all N
 * (half by uid, half by e-mail) and a bulk user create of M rows, each queued through the API and
 * followed with GET /auth/admin-job/{jobId} until done. Each is printed as rows per second beside a bare
 * BatchWriteItem loop writing the same number of items to the same DynamoDB Local in the same run (the
 * floor the job's per-item work stands on), and with its lost and doubled rows, read from what the rows
 * did: an account whose counters moved no time or twice, a row with no account or two bulk-create
 * activities. LOCAL_DUPLICATE_DELIVERY_SHARE sets the share delivered twice (default 0.5). The
 * table client, which the consumers running in this process share, counts each job's commands and the
 * transactions cancelled because a concurrent one held one of their items (TransactionCanceledException
 * with a TransactionConflict reason), printed beside the job's figure. The jobs are queued by the seeded
 * operator, signed in with its second factor as the console does. `--smoke`: 50 accounts, 4 rows.
 */
const { smoke } = benchFlags('50 accounts granted, 4 users created');
const ACCOUNTS = Number(process.env.BENCH_ACCOUNTS ?? (smoke ? 50 : 10_000));
const USER_ROWS = Number(process.env.BENCH_USER_ROWS ?? (smoke ? 4 : 1_000));
const GRANT_TTS = -100;
process.env[DUPLICATE_DELIVERY_VARIABLE] ??= '0.5';
console.log(
  `Delivery: ${QUEUES.map((queue) => `${queue.id} ${queue.maxConcurrency} at once`).join(', ')}; ` +
    `${duplicateDeliveryShare() * 100} % of messages delivered twice`,
);

const runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
const commands = countCommands();
const cpu = cpuMeter();
try {
  const now = Date.now();
  const seeded = performance.now();
  const accounts = Array.from({ length: ACCOUNTS }, (_, index) =>
    benchAccount({
      uid: `bulk-${index}`,
      name: `Bulk Bench ${index}`,
      email: `bulk.${index}@example.com`,
      created: now,
    }),
  );
  await seedAccounts(accounts);
  console.log(`${ACCOUNTS} accounts written in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const token = await operatorToken(runtime.url);
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${runtime.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as { jobId?: string };
    if (response.status !== 200 || !answer.jobId) throw new Error(`${path}: ${JSON.stringify(answer)}`);
    return answer.jobId;
  };

  commands.take();
  cpu.take();
  const grant = await timeJob(() =>
    post('/auth/admin-bulk-usage-create', {
      uidOrEmails: accounts.map((account, index) => (index % 2 ? account.email : account.uid)),
      allowPlus: false,
      sttMin: -1,
      tts: GRANT_TTS,
      translate: 0,
      genimage: 0,
      desc: 'bulk benchmark',
    }),
  );
  const grantCommands = commands.take();
  const grantCpu = cpu.take();
  const grantBare = await timeBareWrites(ACCOUNTS, 'grant');
  report('bulk usage grant', grant, grantBare, grantCommands, [grantCpu, cpu.take()]);
  const grants = await eachOf(accounts, async (account) => {
    const counters = await getUsageCounters(account.uid);
    return (counters?.ttsMonthly ?? 0) / GRANT_TTS;
  });
  reportExactness('bulk usage grant', grants);

  commands.take();
  cpu.take();
  const create = await timeJob(() =>
    post('/auth/admin-bulk-user-create', {
      infos: {
        userCreateInfos: Array.from({ length: USER_ROWS }, (_, index) => ({
          email: `bulk.created.${index}@example.com`,
          name: `Bulk Created ${index}`,
          password: 'bulk-bench-pass1',
          language: 'en',
        })),
        assistEmail: 'bench@example.com',
      },
      desc: 'bulk benchmark',
    }),
  );
  const createCommands = commands.take();
  const createCpu = cpu.take();
  const createBare = await timeBareWrites(USER_ROWS, 'create');
  report('bulk user create', create, createBare, createCommands, [createCpu, cpu.take()]);
  const created = await eachOf(
    Array.from({ length: USER_ROWS }, (_, index) => index),
    async (index) => {
      const user = await findUserByEmail(`bulk.created.${index}@example.com`);
      if (!user) return 0;
      const activities = await listUserActivities(user.uid);
      return activities.filter((activity) => activity.action === 'user.bulk-create').length;
    },
  );
  reportExactness('bulk user create', created);

  /** Queues a job through the API and polls its status, as the console does, until it is done. */
  async function timeJob(queue: () => Promise<string>) {
    const started = performance.now();
    const jobId = await queue();
    const queuedMs = performance.now() - started;
    for (;;) {
      const response = await fetch(`${runtime.url}/auth/admin-job/${jobId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const { job } = (await response.json()) as {
        job?: { status: string; total: number; succeeded: number; failed: number };
      };
      // A refused poll (the route timed out on a loaded machine) is polled again, as the console does.
      if (!job) console.log(`job status answered ${response.status}; polling again`);
      else if (job.status === 'done') return { ...job, queuedMs, totalMs: performance.now() - started };
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
} finally {
  await runtime.stop();
}

/** Reads what each row did, 50 at a time. */
async function eachOf<T>(rows: readonly T[], times: (row: T) => Promise<number>): Promise<number[]> {
  const counts: number[] = [];
  for (let start = 0; start < rows.length; start += 50)
    counts.push(...(await Promise.all(rows.slice(start, start + 50).map(times))));
  return counts;
}

/** Lost: a row that took effect no time; doubled: one that took effect more than once. */
function reportExactness(label: string, times: readonly number[]) {
  const lost = times.filter((count) => count === 0).length;
  const doubled = times.filter((count) => count > 1).length;
  console.log(`${label}: ${lost} lost, ${doubled} doubled of ${times.length} rows`);
}

/** The bare loop: BatchWriteItem requests of 25 small items, unprocessed items sent again. */
async function timeBareWrites(count: number, label: string): Promise<number> {
  const started = performance.now();
  for (let start = 0; start < count; start += 25) {
    let requests = Array.from({ length: Math.min(25, count - start) }, (_, offset) => ({
      PutRequest: { Item: { pk: `bench-bare#${label}#${start + offset}`, sk: 'bare', at: Date.now() } },
    }));
    while (requests.length) {
      const answer = await dynamo().send(
        new BatchWriteCommand({ RequestItems: { [settings.tableName]: requests } }),
      );
      requests = (answer.UnprocessedItems?.[settings.tableName] ?? []) as typeof requests;
    }
  }
  return performance.now() - started;
}

/**
 * Counts the table client's commands and the time spent in them (calls overlap: consumers run side by
 * side), and the TransactWriteItems calls cancelled because another transaction held one of their items
 * (a CancellationReason 'TransactionConflict').
 * https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_TransactWriteItems.html
 */
function countCommands() {
  let conflicts = 0;
  let commands: Record<string, { calls: number; ms: number }> = {};
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const started = performance.now();
      try {
        return await next(args);
      } catch (error) {
        const reasons = (error as { CancellationReasons?: Array<{ Code?: string }> }).CancellationReasons;
        if (reasons?.some((reason) => reason.Code === 'TransactionConflict')) conflicts += 1;
        throw error;
      } finally {
        const name = context.commandName ?? 'unnamed';
        const command = commands[name] ?? { calls: 0, ms: 0 };
        command.calls += 1;
        command.ms += performance.now() - started;
        commands[name] = command;
      }
    },
    { step: 'initialize', name: 'countBenchCommands' },
  );
  return {
    /** What was counted since the last call, and starts counting again. */
    take: () => {
      const taken = { conflicts, commands };
      conflicts = 0;
      commands = {};
      return taken;
    },
  };
}

/**
 * CPU time spent since the last call by DynamoDB Local (the Java process under this one, read from
 * /proc) and by this process (gateway, consumers, bench): on a shared machine a job's wall time swings
 * with the load, its CPU time much less, and it tells which side of the table client the work is on.
 */
function cpuMeter() {
  const tick = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
  const descendants = (pid: number): number[] => {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean);
    return children.flatMap((child) => [Number(child), ...descendants(Number(child))]);
  };
  const javaMs = () =>
    descendants(process.pid)
      .map((pid) => readFileSync(`/proc/${pid}/stat`, 'utf8'))
      .filter((stat) => stat.includes('(java)'))
      // utime and stime, the 14th and 15th fields (after the command's closing parenthesis).
      .map((stat) => stat.slice(stat.lastIndexOf(')') + 2).split(' '))
      .reduce((sum, fields) => sum + (Number(fields[11]) + Number(fields[12])) * tick, 0);
  const nodeMs = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  let last = { java: javaMs(), node: nodeMs() };
  return {
    take: () => {
      const now = { java: javaMs(), node: nodeMs() };
      const spent = { javaMs: now.java - last.java, nodeMs: now.node - last.node };
      last = now;
      return spent;
    },
  };
}

type CpuSpent = ReturnType<ReturnType<typeof cpuMeter>['take']>;

function report(
  label: string,
  job: { total: number; succeeded: number; failed: number; queuedMs: number; totalMs: number },
  bareMs: number,
  counted: ReturnType<ReturnType<typeof countCommands>['take']>,
  [jobCpu, bareCpu]: [CpuSpent, CpuSpent],
) {
  const perSecond = (rows: number, ms: number) => (rows / (ms / 1000)).toFixed(0);
  console.log(
    `${label}: ${job.total} rows (${job.succeeded} succeeded, ${job.failed} failed) in ` +
      `${(job.totalMs / 1000).toFixed(1)} s (queued in ${job.queuedMs.toFixed(0)} ms) = ` +
      `${perSecond(job.total, job.totalMs)} rows/s; bare BatchWriteItem of ${job.total} items in ` +
      `${(bareMs / 1000).toFixed(1)} s = ${perSecond(job.total, bareMs)} items/s ` +
      `(the job runs at ${((100 * bareMs) / job.totalMs).toFixed(1)} % of the bare loop's rate; ` +
      `issue 18's goal for the usage grant: at least 25 %)`,
  );
  const transactions = counted.commands.TransactWriteItemsCommand?.calls ?? 0;
  console.log(
    `${label}: ${counted.conflicts} of ${transactions} transactions cancelled by a conflicting transaction ` +
      `(TransactionConflict); table commands (calls, mean ms): ${Object.entries(counted.commands)
        .map(
          ([name, { calls, ms }]) => `${name.replace(/Command$/, '')} ${calls}, ${(ms / calls).toFixed(0)}`,
        )
        .join('; ')}`,
  );
  const perThousand = (ms: number) => ((1000 * ms) / job.total).toFixed(0);
  console.log(
    `${label}: CPU per 1,000 rows: DynamoDB Local ${perThousand(jobCpu.javaMs)} ms, this process (gateway, ` +
      `consumers) ${perThousand(jobCpu.nodeMs)} ms; the bare loop per 1,000 items: DynamoDB Local ` +
      `${perThousand(bareCpu.javaMs)} ms, this process ${perThousand(bareCpu.nodeMs)} ms` +
      // Below a tenth of a second the clock ticks of /proc measure nothing worth a ratio.
      (bareCpu.javaMs >= 100
        ? ` (DynamoDB Local's CPU per row is ${(jobCpu.javaMs / bareCpu.javaMs).toFixed(1)}x the bare loop's per item)`
        : ''),
  );
}
