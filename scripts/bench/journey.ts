import { chromium } from '@playwright/test';
import { fillOrderForm, PLANS, payOnCheckout, startOnPricing, text } from '../../e2e/journey-helpers.ts';
import { CHECK_ASSEMBLY, ensureSynthesis } from '../deploy/synth.ts';
import type { InvocationRecord } from '../local/lambda/function-host.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchFlags } from './bench-options.ts';

/**
 * The first purchase as shipped (`npm run bench:journey`): the product run as Lambda runs it
 * (`npm start -- --lambda`: every function from its bundle, in processes of its own), a signed-up
 * customer in Chromium from the pricing page through the payment-start sign-in, the order page and the
 * sandbox checkout to the paid plan, three times: with every function cold (no process of any function
 * left), warm (a second customer, the same processes), and as deployed (a third customer, every process
 * ended and the provisioned functions' environments started ahead and initialised, as Lambda's provisioned
 * concurrency keeps them: infra/capacity.ts). It prints the server time of each API call in each, the
 * total added by cold starts cold and as deployed (goal: at most 1 s over the whole journey), each cold
 * function's initialisation (process start to ready: the runtime, the bundle's module init) and each first
 * invocation as deployed.
 * `--smoke` runs the same (one journey is the smallest size); figures are printed, never asserted.
 */
benchFlags('one purchase cold, one warm, one as deployed (the journey is its own smallest size)');
const plan = PLANS.koStandard;
await ensureSynthesis(CHECK_ASSEMBLY, (line) => console.log(line));

interface Call {
  key: string;
  ms: number;
}
let calls: Call[] = [];
const runtime = await startRuntime({
  port: 0,
  inMemory: true,
  web: 'dist',
  quiet: true,
  lambda: { assemblyDir: CHECK_ASSEMBLY },
  log: (line) => {
    const call = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+) \d+ \((\d+) ms\)$/.exec(line);
    if (call) calls.push({ key: `${call[1]} ${call[2]}`, ms: Number(call[3]) });
  },
});
const lambda = runtime.lambda;
if (!lambda) throw new Error('The runtime did not start in --lambda mode');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });

async function verifiedCustomer(): Promise<string> {
  const email = `journey-${Date.now()}@example.com`;
  const post = (path: string, body: unknown) =>
    fetch(`${runtime.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/auth/sign-up', {
    name: 'Sky Kim',
    email,
    password: 'order-pass1',
    language: 'ko',
    clientType: 'landing',
  });
  const outbox = (await (await fetch(`${runtime.url}/_local/outbox.json`)).json()) as Array<{
    to: string[];
    links: string[];
  }>;
  const link = outbox.find((mail) => mail.to.includes(email))?.links[0];
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token || !(await post('/auth/verify-email', { token })).ok)
    throw new Error(`Could not verify ${email}`);
  return email;
}

/** One purchase from the pricing page; answers the API calls it made and the functions it started. */
async function journey(email: string): Promise<{ calls: Call[]; wallMs: number }> {
  const context = await browser.newContext({ baseURL: runtime.url });
  // A benchmark waits as long as the machine needs (a cold start of a loaded machine is seconds).
  context.setDefaultTimeout(180_000);
  const page = await context.newPage();
  calls = [];
  const started = performance.now();
  await startOnPricing(page, { lang: plan.lang, email, planType: plan.planType });
  await page.waitForURL(/\/ko\/payment\/order\/subscription\?guid=/, { timeout: 60_000 });
  await fillOrderForm(page, plan.lang, {
    method: 'card',
    phone: `010-4200-${String(Date.now() % 10_000).padStart(4, '0')}`,
  });
  await page.getByRole('button', { name: text(plan.lang, 'order', 'pay', { price: plan.shown }) }).click();
  await payOnCheckout(page);
  await page.waitForURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 60_000 });
  await page
    .getByText(text(plan.lang, 'payment-result', 'success.paid', { price: plan.shown }))
    .waitFor({ timeout: 60_000 });
  const wallMs = performance.now() - started;
  await context.close();
  return { calls: [...calls], wallMs };
}

/** The cold starts among `records`: each function's initialisation and first invocation. */
function printColdStarts(records: readonly InvocationRecord[]): void {
  const coldStarts = records.filter((record) => record.cold);
  console.log(
    `Cold functions (${coldStarts.length}): initialisation (process start to ready) and first invocation`,
  );
  for (const record of coldStarts)
    console.log(
      `  ${record.functionName.padEnd(48)} init ${String(Math.round(record.initMs ?? 0)).padStart(5)} ms, first invocation ${String(Math.round(record.durationMs)).padStart(5)} ms`,
    );
}

try {
  const coldCustomer = await verifiedCustomer();
  const warmCustomer = await verifiedCustomer();
  const provisionedCustomer = await verifiedCustomer();
  // Every function cold: no process of any function is left.
  await lambda.host.endAll();
  const before = lambda.invocations().length;
  const cold = await journey(coldCustomer).catch((error: Error) => {
    // A page that gave up on a cold call (the pricing page waits 5 s for its plans) ends the journey: the
    // calls made so far and the cold starts are the figures that say why.
    console.log(`\nThe cold journey stopped: ${error.message.split('\n')[0]}`);
    for (const call of calls) console.log(`  ${call.key.padEnd(54)} ${String(call.ms).padStart(7)} ms`);
    printColdStarts(lambda.invocations().slice(before));
    throw error;
  });
  const warm = await journey(warmCustomer);
  const coldRecords = lambda.invocations().slice(before);

  // The remedy as deployed: the provisioned functions' environments initialised ahead (infra/capacity.ts
  // ROUTE_PROVISIONED_CONCURRENCY), every other function cold.
  await lambda.host.endAll();
  await lambda.provision();
  const provisionedCount = lambda.deployment.functions.filter((fn) => fn.provisionedConcurrency).length;
  const provisionedFrom = lambda.invocations().length;
  const provisioned = await journey(provisionedCustomer);
  const provisionedRecords = lambda.invocations().slice(provisionedFrom);

  const keys = [...new Set([...cold.calls, ...warm.calls, ...provisioned.calls].map((call) => call.key))];
  const sum = (list: Call[], key: string) =>
    list.filter((call) => call.key === key).reduce((total, call) => total + call.ms, 0);
  const count = (list: Call[], key: string) => list.filter((call) => call.key === key).length;
  console.log(
    `\nFirst purchase (${plan.planName}, ${plan.shown}), pricing page to paid plan, signed in: server time per API call`,
  );
  const row = (label: string, c: number, w: number, p: number) =>
    console.log(
      `  ${label.padEnd(54)} ${String(c).padStart(7)} ${String(w).padStart(9)} ${String(c - w).padStart(7)} ${String(p).padStart(13)} ${String(p - w).padStart(7)}`,
    );
  console.log(
    '  call                                                   cold ms   warm ms   added  provisioned ms   added',
  );
  for (const key of keys)
    row(
      `${key} ×${count(cold.calls, key)}`,
      sum(cold.calls, key),
      sum(warm.calls, key),
      sum(provisioned.calls, key),
    );
  const total = (list: Call[]) => list.reduce((all, call) => all + call.ms, 0);
  const coldTotal = total(cold.calls);
  const warmTotal = total(warm.calls);
  const provisionedTotal = total(provisioned.calls);
  row('total server time', coldTotal, warmTotal, provisionedTotal);
  console.log(
    `  browser wall time: cold ${Math.round(cold.wallMs)} ms, warm ${Math.round(warm.wallMs)} ms, provisioned ${Math.round(provisioned.wallMs)} ms`,
  );
  console.log(`\nAdded by cold starts over the journey: ${coldTotal - warmTotal} ms (goal: at most 1000 ms)`);
  const initTotal = coldRecords.reduce((all, record) => all + (record.cold ? (record.initMs ?? 0) : 0), 0);
  console.log(
    `  of which the functions' initialisation (process start and module init): ${Math.round(initTotal)} ms; the rest is their first invocations (first connections, first secret reads)`,
  );
  console.log(
    `With ${provisionedCount} functions provisioned as deployed (initialised ahead): ${provisionedTotal - warmTotal} ms added (goal: at most 1000 ms)`,
  );
  printColdStarts(coldRecords);
  console.log('First invocations of the provisioned functions (their init was done ahead)');
  for (const record of provisionedRecords.filter((entry) => entry.cold))
    console.log(
      `  ${record.functionName.padEnd(48)} ${record.provisioned ? 'provisioned' : 'on demand  '} first invocation ${String(Math.round(record.durationMs)).padStart(5)} ms`,
    );
  const findings = lambda.findings();
  if (findings.length) console.log(`\nFindings of the run (${findings.length}):`, findings);
} finally {
  await browser.close();
  await runtime.stop();
}
