import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import { SITE_LANGUAGES, type SiteLanguage } from '../shared/languages.ts';
import { kstToday } from '../shared/time/kst.ts';
import { buyPass, customer } from './console-data.ts';
import { operatorToken, signInToConsole, uniqueEmail } from './console-helpers.ts';
import { unreadable } from './console-readability.ts';
import { post, subscriber } from './subscriber-helpers.ts';

/**
 * The guard of issue 41: every console page, in each of the five languages, shows names and not stored
 * codes, and breaks no word inside (e2e/console-readability.ts says what counts). The pages are the
 * console's routes as the route tree has them (web/src/routeTree.gen.ts, generated from
 * web/src/routes/admin), so a new page is walked without editing this test; a page whose address needs a
 * value (`$id`, `$code`) takes it from PARAMS, and a new kind of value fails here until it is given one.
 * Behind the pages: a paying US$ subscriber (the user detail, its refund screen and plan-change
 * section), a won pass refunded by bank transfer (owed on the attention page; the finance ledger's
 * payment; the audit trail), a coupon, an affiliate, a schedule and a survey. One browser context per
 * language, all on one desk-sized window; the data is made once.
 */
// In order, in one worker: the data behind the pages is made once (a failed language does not stop the others).
test.describe.configure({ mode: 'default' });

const ROUTE_TREE = new URL('../web/src/routeTree.gen.ts', import.meta.url);
/** Routes of the console that are not its pages: before signing in, and the invitation's link. */
const OUTSIDE = ['/admin/login', '/admin/invitation'];

/** The console's pages: its full paths, less the layouts (a path other paths continue with a `/`). */
function consolePages(): string[] {
  const text = readFileSync(ROUTE_TREE, 'utf8');
  const union = text.slice(text.indexOf('fullPaths:'), text.indexOf('fileRoutesByTo:'));
  const paths = [...union.matchAll(/\| '([^']+)'/g)].map((match) => match[1] as string);
  const admin = paths.filter((path) => path.startsWith('/admin/') && !OUTSIDE.includes(path));
  return admin.filter((path) => path.endsWith('/') || !admin.some((other) => other.startsWith(`${path}/`)));
}

interface Behind {
  params: Record<string, string>;
  search: Record<string, string>;
}

/** The page's address: each `$value` by the PARAMS of the path up to it, then its search. */
function address(path: string, behind: Behind): string {
  const segments = path.split('/');
  const filled = segments.map((segment, index) => {
    if (!segment.startsWith('$')) return segment;
    const key = segments.slice(0, index + 1).join('/');
    const value = behind.params[key];
    if (!value) throw new Error(`No value for ${key}: give the guard one in PARAMS`);
    return encodeURIComponent(value);
  });
  return `${filled.join('/')}${behind.search[path] ?? ''}`;
}

const code = (prefix: string) =>
  `${prefix}${Math.random().toString(36).slice(2, 10)}`.toUpperCase().slice(0, 10).padEnd(10, '0');

/** What the pages show: made through the routes, as an operator and the customers would. */
async function makeBehind(browser: Browser, request: APIRequestContext): Promise<Behind> {
  const page = await browser.newPage();
  const paying = await subscriber(page, request, `+8210${String(Date.now()).slice(-8)}`);
  const operator = await operatorToken(request);
  // A won pass refunded by the operator by bank transfer: owed on the attention page.
  const email = uniqueEmail('names-transfer');
  const buyer = await customer(request, '한결 이', email);
  await buyPass(page, request, { ...buyer, name: '한결 이', email }, 'Y1_LIGHT_V3', {
    payMethod: 'card',
    pg: 'html5_inicis',
  });
  const { result: estimate } = await post<{ result: { estimatedRefundPrice: number } }>(
    request,
    '/auth/admin-refund-info',
    { uid: buyer.uid, requestedMs: Date.now() },
    operator,
  );
  await post(
    request,
    '/payment/cancel-payment',
    {
      uid: buyer.uid,
      price: estimate.estimatedRefundPrice,
      reason: 'The customer asked for a bank transfer',
      refundSource: 'cutloom',
      refundAccount: { bankCode: '04', accountNumber: '12345678901', holder: '이한결' },
    },
    operator,
  );
  const day = 86_400_000;
  const couponCode = code('N');
  await post(
    request,
    '/payment/admin-create-coupon',
    {
      couponCode,
      name: 'Guard coupon',
      totalAmount: 10,
      startedAt: new Date(Date.now() + day).toISOString(),
      expiredAt: new Date(Date.now() + 30 * day).toISOString(),
      description: 'names guard',
    },
    operator,
  );
  const { result: affiliate } = await post<{ result: { couponCode: string } }>(
    request,
    '/auth/admin-upsert-affiliate',
    {
      name: 'Guard partner',
      countryCode: 'KR',
      couponCode: code('A'),
      couponType: 'discount',
      startedAt: Date.now(),
      expiredAt: Date.now() + 30 * day,
    },
    operator,
  );
  const { result: schedule } = await post<{ result: { id: string } }>(
    request,
    '/auth/admin-schedule-create',
    {
      startAt: Date.now() + 7 * day,
      isRepeat: false,
      description: 'names guard',
      params: {
        uid: paying.uid,
        userName: 'Mina Park',
        userEmail: paying.email,
        userPhone: '+821012345678',
        planName: 'Y1_LIGHT_V3',
        currency: 'KRW',
        price: 99_000,
        paymentType: 'plan',
      },
    },
    operator,
  );
  const { sid } = await post<{ sid: string }>(
    request,
    '/auth/admin-smart-survey',
    {
      surveyType: `guard-${Date.now()}`,
      actionType: 'upgrade',
      locates: [{ language: 'en', message: 'Try Standard', confirmMessage: 'Upgrade' }],
      timingTypes: ['app_start'],
      expireDate: Date.now() + 30 * day,
    },
    operator,
  );
  const configs = await request.get('/auth/admin-config', {
    headers: { authorization: `Bearer ${operator}` },
  });
  const { configs: list } = (await configs.json()) as { configs: { configId: string }[] };
  await page.close();
  return {
    params: {
      '/admin/users/$id': paying.uid,
      '/admin/coupon/$code': couponCode,
      '/admin/affiliate/$code': affiliate.couponCode,
      '/admin/schedule/$id': schedule.id,
      '/admin/surveys/$id': sid,
      '/admin/config/$id': list[0]?.configId ?? '',
    },
    search: {
      '/admin/users/': `?email=${encodeURIComponent(paying.email)}`,
      '/admin/userPayment/': `?email=${encodeURIComponent(paying.email)}`,
      '/admin/finance': `?period=${kstToday()}`,
    },
  };
}

let behind: Behind;
test.beforeAll(async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const request = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  // The operator's session of this worker, kept for the pages (console-helpers.ts).
  const page = await browser.newPage();
  await signInToConsole(page);
  await page.close();
  behind = await makeBehind(browser, request);
  await request.dispose();
});

const PAGES = consolePages();

/** Counts the page's calls in flight (the console calls its API with fetch), for the walk to wait on. */
function countFetches() {
  const calls = { pending: 0, settledAt: 0 };
  Object.assign(window, { e2eCalls: calls });
  const fetchOf = window.fetch.bind(window);
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    calls.pending += 1;
    try {
      return await fetchOf(...args);
    } finally {
      calls.pending -= 1;
      calls.settledAt = performance.now();
    }
  };
}

test('the guard walks the console’s pages from its route tree', () => {
  // The pages issue 41 names, among others: a new route is walked by being there.
  for (const path of [
    '/admin/users/$id/show',
    '/admin/users/$id/refund',
    '/admin/userPayment/',
    '/admin/attention',
    '/admin/finance',
    '/admin/audit',
    '/admin/coupon/$code/show',
    '/admin/affiliate/$code/show',
    '/admin/schedule/$id/show',
    '/admin/staff',
  ])
    expect(PAGES).toContain(path);
});

for (const language of SITE_LANGUAGES)
  test(`every console page names its codes and breaks no word, in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.addInitScript(countFetches);
    await signInToConsole(page);
    await page.addInitScript((chosen: SiteLanguage) => {
      localStorage.setItem('cutloom.console.language', chosen);
    }, language);
    const problems: string[] = [];
    for (const path of PAGES) {
      const url = address(path, behind);
      await page.goto(url);
      await expect(page.locator('main h1').first(), url).toBeVisible();
      // The page's calls answered and drawn (quicker than the network's half second of quiet).
      await page.waitForFunction(() => {
        const calls = (window as unknown as { e2eCalls: { pending: number; settledAt: number } }).e2eCalls;
        return calls.pending === 0 && performance.now() - calls.settledAt > 100;
      });
      for (const problem of await unreadable(page, { language })) problems.push(`${url}: ${problem}`);
    }
    await context.close();
    expect(problems, `${language}: codes shown bare or words broken`).toEqual([]);
  });
