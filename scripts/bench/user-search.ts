import { chromium } from '@playwright/test';
import { LIST_PAGE_MAX } from '../../shared/api/list-page.ts';
import { chromiumLaunch } from '../headless-chromium.ts';
import { startRuntime } from '../local/runtime.ts';
import { benchAccount, operatorToken, seedAccounts, signInToConsole } from './bench-accounts.ts';
import { benchFlags } from './bench-options.ts';
import { type LoadResult, median, runLoad } from './load.ts';
import { buildWeb } from './web-build.ts';

/**
 * The console's user search over many accounts (`npm run bench:user-search`): N accounts are written
 * straight into DynamoDB Local (no password hashing), then POST /auth/admin-user-list is timed through
 * the local gateway, with the seeded operator's console session (signed in with its second factor), for
 * each kind of filter: its first page (50 rows), and for the widest filter every page in the export's
 * pages of 500. Then the console itself (the built SPA in Debian Chromium, the operator signed in
 * through the login page): the time from applying a typed filter (Enter) to the first matching row on
 * screen, for a narrow and a wide filter. Loopback only, bounded in time. `--smoke`: 200 accounts, each
 * filter timed for a tenth of the time and once in the console.
 */
const { smoke } = benchFlags('200 accounts, each filter timed for 0.3 s and once in the console');
const N = Number(process.env.BENCH_USERS ?? (smoke ? 200 : 10_000));
const LOAD_SECONDS = smoke ? 0.3 : 3;
const CONSOLE_RUNS = smoke ? 1 : 5;
const SURNAMES = ['Kim', 'Lee', 'Park', 'Choi', 'Tanaka', 'Suzuki', 'Garcia', 'Smith', 'Chen', 'Lin'];
const GIVEN = ['Minji', 'Jisoo', 'Haruto', 'Yui', 'Lucia', 'Mateo', 'Olivia', 'Liam', 'Wei', 'Mei'];

const format = (result: LoadResult) =>
  `p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, ${result.requests} requests, ${result.errors} errors`;

buildWeb(smoke);
const runtime = await startRuntime({ port: 0, inMemory: true, web: 'dist', quiet: true });
try {
  const started = performance.now();
  const now = Date.now();
  const users = Array.from({ length: N }, (_, index) =>
    benchAccount({
      uid: `bench-${index}`,
      name: `${SURNAMES[index % SURNAMES.length]} ${GIVEN[Math.floor(index / 10) % GIVEN.length]}${index}`,
      email: `${GIVEN[index % GIVEN.length]?.toLowerCase()}.${index}@example.com`,
      created: now - index * 1000,
      ...(index % 20 === 0 ? { referral: { referralType: 'manebi', referralCode: `M${index}` } } : {}),
    }),
  );
  await seedAccounts(users);
  console.log(`${N} accounts written in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const token = await operatorToken(runtime.url);
  const search = async (filter: Record<string, unknown>) => {
    const response = await fetch(`${runtime.url}/auth/admin-user-list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(filter),
    });
    const body = (await response.json()) as { users?: unknown[]; cursor?: string | null };
    const ok = response.status === 200;
    return {
      ok,
      refusal: ok ? '' : `${response.status} ${JSON.stringify(body)}`,
      rows: body.users?.length ?? 0,
      cursor: body.cursor ?? null,
    };
  };
  const everyPage = async (filter: Record<string, unknown>) => {
    let rows = 0;
    let pages = 0;
    let cursor: string | null = null;
    do {
      const page = await search({ ...filter, limit: LIST_PAGE_MAX, ...(cursor ? { cursor } : {}) });
      if (!page.ok) return { ok: false, rows, pages };
      rows += page.rows;
      pages += 1;
      cursor = page.cursor;
    } while (cursor);
    return { ok: true, rows, pages };
  };
  const cases: Array<[string, Record<string, unknown>]> = [
    ['uid', { uid: `bench-${Math.floor(N * 0.6)}` }],
    ['exact e-mail', { email: users[Math.floor(N * 0.6) - 1]?.email }],
    ['exact name', { name: 'kim minji0' }],
    ['name prefix "kim mi"', { name: 'kim mi', partial: true }],
    ['e-mail prefix "mei.1"', { email: 'mei.1', partial: true }],
    ['referral type manebi', { referralType: 'manebi' }],
    ['name prefix "k"', { name: 'k', partial: true }],
  ];
  for (const [label, filter] of cases) {
    const first = await search(filter);
    if (!first.ok) throw new Error(`${label}: the search was refused: ${first.refusal}`);
    const load = await runLoad(async () => (await search(filter)).ok, 1, LOAD_SECONDS);
    console.log(
      `${label}: first page ${first.rows} rows${first.cursor ? ', more to read' : ''}; ${format(load)}`,
    );
  }
  const all = await everyPage({ name: 'k', partial: true });
  const allLoad = await runLoad(
    async () => (await everyPage({ name: 'k', partial: true })).ok,
    1,
    LOAD_SECONDS,
  );
  console.log(
    `every page of name prefix "k" (export): ${all.rows} rows in ${all.pages} pages; ${format(allLoad)}`,
  );
  await timeFilterToRows(runtime.url);
} finally {
  await runtime.stop();
}

/**
 * Filter input to rendered rows in the console: the seeded operator signs in, then each filter is
 * typed and applied five times (once in smoke size); the clock runs from Enter (which applies the filter
 * without waiting for the typing pause) to the first row that matches being visible (the list shows its
 * first page, and the table is virtualised: only the rows on screen are rendered).
 */
async function timeFilterToRows(url: string): Promise<void> {
  const browser = await chromium.launch(chromiumLaunch());
  try {
    const page = await browser.newPage();
    await signInToConsole(page, url);
    const filters: Array<[string, string, string]> = [
      ['name prefix "kim mi"', 'kim mi', 'Kim Minji'],
      ['name prefix "k"', 'k', 'Kim '],
    ];
    for (const [label, name, shown] of filters) {
      const times: number[] = [];
      for (let run = 0; run < CONSOLE_RUNS; run += 1) {
        // A fresh page each run, so that no answer comes from the query cache of the run before.
        await page.goto(`${url}/admin/users`);
        await page.getByLabel('Name', { exact: true }).fill(name);
        const started = performance.now();
        await page.getByLabel('Name', { exact: true }).press('Enter');
        await page
          .getByRole('row', { name: new RegExp(shown) })
          .first()
          .waitFor();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const rows = await page.getByRole('row').count();
      console.log(
        `console, ${label}: Enter to first row p50 ${median(times).toFixed(0)} ms, worst ${times.at(-1)?.toFixed(0)} ms over ${times.length} runs (${rows} rows in the DOM)`,
      );
    }
  } finally {
    await browser.close();
  }
}
