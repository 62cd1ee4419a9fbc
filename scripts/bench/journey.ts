import { loadavg } from 'node:os';
import { type Browser, chromium, type Page } from '@playwright/test';
import { fillOrderForm, PLANS, payOnCheckout, text } from '../../e2e/journey-helpers.ts';
import { provisionedMonthlyCostUsd, ROUTE_PROVISIONED_CONCURRENCY } from '../../infra/capacity.ts';
import { ROUTES } from '../../shared/api/routes.ts';
import { SECRET_CACHE_SECONDS } from '../../shared/timeouts.ts';
import { CHECK_ASSEMBLY, ensureSynthesis } from '../deploy/synth.ts';
import { chromiumLaunch } from '../headless-chromium.ts';
import type { InvocationRecord } from '../local/lambda/function-host.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchFlags } from './bench-options.ts';

/**
 * The first purchase as shipped (`npm run bench:journey`): the product run as Lambda runs it
 * (`npm start -- --lambda`: every function from its bundle, in processes of its own), a signed-up
 * customer in Chromium from the pricing page through the payment-start sign-in, the order page and the
 * sandbox checkout to the paid plan, with every function cold (no process of any function left), warm (a
 * second customer, the same processes), as deployed (every process ended and the provisioned functions'
 * environments started ahead and initialised, as Lambda's provisioned concurrency keeps them:
 * infra/capacity.ts), and, at full size, as deployed hours later (the provisioned environments idle past
 * their secret cache and their connections, the product's clock three hours on: its provider token too).
 *
 * It prints the customer's wait (issue 36): for each step the customer takes, the calls it waited on one
 * after the other (measured in the browser: a call another one waited for is on the path, a call beside
 * them is not), their time cold, warm and as deployed, the number of functions on that path, and the
 * browser's wall time from the press of the start button to the paid page. The customer reads the pricing
 * page before pressing start (the bench waits for its network to settle): the header's reads, made once per
 * visit beside the steps, are listed apart. Then, as before, the server time of every API call of the
 * journey and each cold function's initialisation. The machine's load average is printed with each run.
 * `--smoke` runs one purchase cold, warm and as deployed (no wait for "hours later"); figures are printed,
 * never asserted.
 */
const { smoke } = benchFlags(
  'one purchase cold, one warm, one as deployed, none hours later (the journey is its own smallest size)',
);
const plan = PLANS.koStandard;
/** Goals on a quiet machine (issue 36). */
const GOALS = { coldAddedMs: 1000, deployedAddedMs: 300, warmWallMs: 2000, functionsInSeries: 4 };
/** The analytics buffer is flushed every second and by beacon: nobody waits on it. */
const NEVER_AWAITED = ['/payment/analytics-v2'];
/**
 * The reads every page of a visit may make, once per visit, beside the steps (the header's session check,
 * the footer's release feed, the visitor's country): no step waits on them, so none is taken for a step's
 * path because it happened to answer within the step. (That no step waits on them, and that each is made
 * once, is e2e/journey-first-purchase.spec.ts's to prove.)
 */
const VISIT_READS = ['POST /auth/v2/refresh-token', 'POST /operator/latest', 'POST /auth/geoip'];
await ensureSynthesis(CHECK_ASSEMBLY, (line) => console.log(line));

interface ServerCall {
  key: string;
  ms: number;
}
let serverCalls: ServerCall[] = [];
const runtime = await startRuntime({
  port: 0,
  inMemory: true,
  web: 'dist',
  quiet: true,
  lambda: { assemblyDir: CHECK_ASSEMBLY },
  log: (line) => {
    const call = /^(GET|POST|PUT|PATCH|DELETE) (\/\S+) \d+ \((\d+) ms\)$/.exec(line);
    if (call) serverCalls.push({ key: `${call[1]} ${call[2]}`, ms: Number(call[3]) });
  },
});
const lambda = runtime.lambda;
if (!lambda) throw new Error('The runtime did not start in --lambda mode');
const browser: Browser = await chromium.launch(chromiumLaunch());

async function verifiedCustomer(): Promise<string> {
  const email = `journey-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
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

/** An API call as the browser made it: when it was sent and when its answer had arrived (epoch ms). */
interface BrowserCall {
  key: string;
  start: number;
  end: number;
}

/** A step the customer takes: from their action to what they wait for. */
interface Step {
  name: string;
  from: number;
  to: number;
}

interface Run {
  steps: Step[];
  calls: BrowserCall[];
  serverCalls: ServerCall[];
  /** The press of the start button to the paid page. */
  wallMs: number;
  load: string;
}

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

function recordCalls(page: Page, calls: BrowserCall[]) {
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!/^\/(auth|payment|operator|cowork)\//.test(url.pathname) || NEVER_AWAITED.includes(url.pathname))
      return;
    const timing = request.timing();
    calls.push({
      key: `${request.method()} ${url.pathname}`,
      start: timing.startTime,
      end: timing.startTime + timing.responseEnd,
    });
  });
}

/** One purchase from the pricing page, signing in at its start; answers the steps and the calls made. */
async function journey(email: string): Promise<Run> {
  const load = loadAverage();
  const context = await browser.newContext({ baseURL: runtime.url });
  // A benchmark waits as long as the machine needs (a cold start of a loaded machine is seconds).
  context.setDefaultTimeout(180_000);
  const page = await context.newPage();
  const calls: BrowserCall[] = [];
  recordCalls(page, calls);
  serverCalls = [];
  const { lang } = plan;
  const pageFrom = Date.now();
  await page.goto(`/${lang}/payment/pricepolicy`);
  const start = page.locator(`th[data-plan="${plan.planName}"]`).getByRole('button', {
    name: `${text(lang, 'pricing', 'start.start')}: ${text(lang, 'common', 'plan_type.STANDARD')}`,
  });
  await start.waitFor();
  await page.waitForFunction(
    (button) => !(button as HTMLButtonElement).disabled,
    await start.elementHandle(),
  );
  const pageShown = Date.now();
  // The customer reads the page before pressing start: its reads settle first.
  await page.waitForLoadState('networkidle');

  const pressed = Date.now();
  await start.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(text(lang, 'auth', 'field.email')).waitFor();
  const dialogShown = Date.now();
  await dialog.getByLabel(text(lang, 'auth', 'field.email')).fill(email);
  await dialog.getByLabel(text(lang, 'auth', 'field.password')).fill('order-pass1');
  const signIn = Date.now();
  await dialog.getByRole('button', { name: text(lang, 'auth', 'sign_in.submit'), exact: true }).click();
  await page.getByTestId('order-total').filter({ hasText: plan.shown }).waitFor();
  const orderShown = Date.now();
  await fillOrderForm(page, lang, {
    method: 'card',
    phone: `010-4200-${String(Date.now() % 10_000).padStart(4, '0')}`,
  });
  const pay = Date.now();
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: plan.shown }) }).click();
  await page.waitForURL(/\/_local\/payments\/checkout\?/, { waitUntil: 'commit' });
  const checkoutShown = Date.now();
  const checkoutPay = Date.now();
  await payOnCheckout(page);
  await page
    .getByText(text(lang, 'payment-result', 'success.paid', { price: plan.shown }))
    .waitFor({ timeout: 60_000 });
  const paid = Date.now();
  await context.close();
  return {
    steps: [
      { name: 'pricing page: load to start enabled', from: pageFrom, to: pageShown },
      { name: 'press of start → sign-in dialog', from: pressed, to: dialogShown },
      { name: 'sign-in → order page shown', from: signIn, to: orderShown },
      { name: 'pay → the provider’s checkout', from: pay, to: checkoutShown },
      { name: 'checkout paid → paid page', from: checkoutPay, to: paid },
    ],
    calls,
    serverCalls: [...serverCalls],
    wallMs: paid - pressed,
    load,
  };
}

/**
 * The calls a step waited on, one after the other: the call that answered last before the step ended,
 * then the call that answered last before that one was sent, and so on back to the step's start. A call
 * made beside them (the header's reads) is not on the path.
 */
function pathOf(step: Step, calls: readonly BrowserCall[]): BrowserCall[] {
  const within = calls.filter(
    (call) => !VISIT_READS.includes(call.key) && call.start >= step.from - 1 && call.end <= step.to + 1,
  );
  const path: BrowserCall[] = [];
  let until = step.to + 1;
  for (;;) {
    const last = within.filter((call) => call.end <= until).sort((a, b) => b.end - a.end)[0];
    if (!last) break;
    path.unshift(last);
    until = last.start;
  }
  return path;
}

/** A step's path in each run, joined by position (the same calls each time, unless a run went elsewhere). */
function printCustomerWait(runs: Array<[label: string, run: Run]>) {
  const [, reference] = runs[0] as [string, Run];
  console.log(
    `\nThe customer's wait: the calls each step waited on, in series, browser-side ms (${runs.map(([label]) => label).join(' / ')})`,
  );
  const totals = runs.map(() => 0);
  const counts = runs.map(() => 0);
  reference.steps.forEach((step, index) => {
    const paths = runs.map(([, run]) => pathOf(run.steps[index] as Step, run.calls));
    const walls = runs.map(([, run]) => {
      const own = run.steps[index] as Step;
      return String(own.to - own.from).padStart(7);
    });
    console.log(`  ${step.name.padEnd(58)} step wall ${walls.join(' ')}`);
    const longest = Math.max(...paths.map((path) => path.length));
    for (let position = 0; position < longest; position += 1) {
      const key = paths.find((path) => path[position])?.[position]?.key ?? '';
      const cells = paths.map((path, run) => {
        const call = path[position];
        if (!call) return '      —';
        totals[run] = (totals[run] ?? 0) + (call.end - call.start);
        return String(Math.round(call.end - call.start)).padStart(7);
      });
      console.log(`    ${key.padEnd(56)}           ${cells.join(' ')}`);
    }
    paths.forEach((path, run) => {
      counts[run] = (counts[run] ?? 0) + path.length;
    });
  });
  const warmIndex = runs.findIndex(([label]) => label === 'warm');
  const warm = totals[warmIndex] ?? 0;
  console.log(
    `  functions in series: ${runs.map(([label], run) => `${label} ${counts[run]}`).join(', ')} (goal: at most ${GOALS.functionsInSeries}; a visitor already signed in waits on one fewer, the sign-in)`,
  );
  console.log(
    `  the path's calls summed: ${runs.map(([label], run) => `${label} ${Math.round(totals[run] ?? 0)} ms`).join(', ')}`,
  );
  runs.forEach(([label], run) => {
    if (run === warmIndex) return;
    const goal = label === 'cold' ? GOALS.coldAddedMs : GOALS.deployedAddedMs;
    const what = label === 'cold' ? 'without provisioned concurrency' : 'with it';
    console.log(
      `  added ${label} (${what}): ${Math.round((totals[run] ?? 0) - warm)} ms (goal: at most ${goal} ms)`,
    );
  });
  console.log(
    `  browser wall time, press of start to the paid page: ${runs.map(([label, run]) => `${label} ${run.wallMs} ms`).join(', ')} (goal warm: at most ${GOALS.warmWallMs} ms)`,
  );
  console.log(
    `  load average (1, 5, 15 min) at each run's start: ${runs.map(([label, run]) => `${label} ${run.load}`).join('; ')}`,
  );
  const visitReads = reference.calls.filter(
    (call) => !reference.steps.some((step) => pathOf(step, reference.calls).includes(call)),
  );
  console.log(
    `  off the path (${runs[0]?.[0]}): ${visitReads.map((call) => call.key.replace(/^POST /, '')).join(', ') || 'nothing'}`,
  );
}

/** The server time of each API call in each run, and what cold starts added to the sum (issue 31's table). */
function printServerTimes(runs: Array<[label: string, run: Run]>) {
  const keys = [...new Set(runs.flatMap(([, run]) => run.serverCalls.map((call) => call.key)))];
  const sum = (list: ServerCall[], key?: string) =>
    list.filter((call) => !key || call.key === key).reduce((total, call) => total + call.ms, 0);
  const count = (list: ServerCall[], key: string) => list.filter((call) => call.key === key).length;
  const [, first] = runs[0] as [string, Run];
  console.log(
    `\nFirst purchase (${plan.planName}, ${plan.shown}), pricing page to paid plan: server time per API call, every call (ms)`,
  );
  console.log(`  ${'call'.padEnd(56)} ${runs.map(([label]) => label.padStart(12)).join(' ')}`);
  for (const key of keys)
    console.log(
      `  ${`${key} ×${count(first.serverCalls, key)}`.padEnd(56)} ${runs.map(([, run]) => String(sum(run.serverCalls, key)).padStart(12)).join(' ')}`,
    );
  console.log(
    `  ${'total server time'.padEnd(56)} ${runs.map(([, run]) => String(sum(run.serverCalls)).padStart(12)).join(' ')}`,
  );
}

/** The cold starts among `records`: each function's initialisation and first invocation. */
function printColdStarts(title: string, records: readonly InvocationRecord[]): void {
  const coldStarts = records.filter((record) => record.cold);
  console.log(`\n${title} (${coldStarts.length})`);
  for (const record of coldStarts)
    console.log(
      `  ${record.functionName.padEnd(48)} ${record.provisioned ? 'provisioned' : 'on demand  '} init ${String(Math.round(record.provisioned ? 0 : (record.initMs ?? 0))).padStart(5)} ms, first invocation ${String(Math.round(record.durationMs)).padStart(5)} ms`,
    );
}

/** A run that failed: the calls made so far and the cold starts are the figures that say why. */
async function reported<T>(label: string, from: number, run: () => Promise<T>): Promise<T> {
  return run().catch((error: Error) => {
    console.log(`\nThe ${label} journey stopped: ${error.message.split('\n')[0]}`);
    for (const call of serverCalls) console.log(`  ${call.key.padEnd(56)} ${String(call.ms).padStart(7)} ms`);
    printColdStarts('Cold functions so far', lambda?.invocations().slice(from) ?? []);
    throw error;
  });
}

try {
  const customers = await Promise.all([verifiedCustomer(), verifiedCustomer(), verifiedCustomer()]);
  const [coldCustomer, warmCustomer, deployedCustomer] = customers as [string, string, string];
  // Every function cold: no process of any function is left.
  await lambda.host.endAll();
  const coldFrom = lambda.invocations().length;
  const cold = await reported('cold', coldFrom, () => journey(coldCustomer));
  const coldRecords = lambda.invocations().slice(coldFrom);
  const warm = await reported('warm', coldFrom, () => journey(warmCustomer));

  // As deployed: the provisioned functions' environments initialised ahead, every other function cold.
  await lambda.host.endAll();
  await lambda.provision();
  const deployedFrom = lambda.invocations().length;
  const deployed = await reported('as deployed', deployedFrom, () => journey(deployedCustomer));
  const deployedRecords = lambda.invocations().slice(deployedFrom);
  const runs: Array<[string, Run]> = [
    ['cold', cold],
    ['warm', warm],
    ['deployed', deployed],
  ];

  if (!smoke) {
    // Hours later: the product's clock three hours on (the provider's access token, valid 30 minutes, has
    // lapsed), the provisioned environments idle past their secret cache (and their idle connections
    // closed), the on-demand environments reclaimed. Lambda freezes an idle environment, so nothing it could
    // schedule would refresh them; this is what the first buyer after a quiet night pays.
    const lateCustomer = await verifiedCustomer();
    await fetch(`${runtime.url}/_local/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ advanceSeconds: 3 * 3600 }),
    });
    console.log(
      `\nWaiting ${SECRET_CACHE_SECONDS + 30} s for the provisioned environments' secret cache to lapse…`,
    );
    await new Promise((wait) => setTimeout(wait, (SECRET_CACHE_SECONDS + 30) * 1000));
    await lambda.host.endAll({ keepProvisioned: true });
    const lateFrom = lambda.invocations().length;
    runs.push(['hours later', await reported('hours later', lateFrom, () => journey(lateCustomer))]);
    printColdStarts(
      'First invocations hours later (the provisioned environments kept, nothing else)',
      lambda.invocations().slice(lateFrom),
    );
  }

  printCustomerWait(runs);
  printServerTimes(runs);
  const initTotal = coldRecords.reduce((all, record) => all + (record.cold ? (record.initMs ?? 0) : 0), 0);
  console.log(
    `\nCold, every call: ${Math.round(initTotal)} ms of functions' initialisation (process start and module init) in all`,
  );
  printColdStarts('Cold functions: initialisation and first invocation', coldRecords);
  printColdStarts(
    'As deployed: first invocations (a provisioned one was initialised ahead)',
    deployedRecords,
  );
  const provisioned = Object.keys(ROUTE_PROVISIONED_CONCURRENCY);
  console.log(
    `\nProvisioned (infra/capacity.ts): ${provisioned.join(', ')}; about US$${provisionedMonthlyCostUsd(ROUTES).toFixed(1)} a month`,
  );
  const findings = lambda.findings();
  if (findings.length) console.log(`\nFindings of the run (${findings.length}):`, findings);
} finally {
  await browser.close();
  await runtime.stop();
}
