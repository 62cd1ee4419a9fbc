import { type Browser, expect, type Page, test } from '@playwright/test';
import { text } from './journey-helpers.ts';
import { mailedLink, newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Sign-in with Kakao and Naver in Korean, through the popup and the local sandboxes
 * (scripts/local/stand-ins/kakao.ts, naver.ts): sign-up and a later sign-in with each, on a desktop and
 * on a 360 px phone; an address that has a password account, linked only by its password; the
 * payment-start sign-in with Kakao, ending on the order page of the plan chosen; and a return whose
 * state was forged, or whose code was used already, refused with no one signed in.
 */
const ko = (key: string, values: Record<string, string> = {}) => text('ko', 'auth', key, values);
const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const PHONE = { width: 360, height: 740 };

// Each journey waits on a popup and a provider's pages besides the site's: three times the usual time.
test.beforeEach(() => test.slow());

interface Person {
  account: string;
  name: string;
  email?: string;
  /** Kakao only: leave the "verified" box ticked (the default) or not. */
  unverified?: boolean;
}

/** Presses a provider's button and plays the person on the sandbox's page in the popup. */
async function continueWith(
  page: Page,
  provider: 'kakao' | 'naver',
  person: Person,
  scope = page.locator('body'),
) {
  const popupOpened = page.waitForEvent('popup');
  await scope.getByRole('button', { name: ko(`provider.continue.${provider}`) }).click();
  const popup = await popupOpened;
  await popup.getByLabel('Account').fill(person.account);
  await popup.getByLabel('Name').fill(person.name);
  if (person.email) await popup.getByLabel('E-mail shared').fill(person.email);
  if (person.unverified) await popup.getByLabel('The provider verified this e-mail').uncheck();
  await popup.getByRole('button', { name: 'Agree and continue' }).click();
  await expect.poll(() => popup.isClosed()).toBe(true);
}

async function expectSignedInAs(page: Page, name: string, email: string) {
  await expect(page).toHaveURL(/\/_local\/app$/, { timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText(`Signed in as ${name} <${email}>`);
}

async function expectNoSidewaysScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll, `${page.url()} scrolls sideways at ${client} px`).toBeLessThanOrEqual(client);
}

/** A later sign-in in a browser that has never seen the account: the sign-in modal, the provider. */
async function signInAgain(browser: Browser, provider: 'kakao' | 'naver', person: Person, viewport = PHONE) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/ko?open=signIn');
  await continueWith(page, provider, person, page.getByRole('dialog', { name: ko('sign_in.title') }));
  await expectSignedInAs(page, person.name, person.email ?? '');
  await context.close();
}

test('Kakao on a desktop: sign-up from the sign-up page, then a sign-in from the modal', async ({
  page,
  browser,
}) => {
  const person = { account: unique('kakao'), name: '김카카오', email: `${unique('kakao')}@example.com` };
  await page.goto('/ko/signup');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ko('sign_up.title'));
  await continueWith(page, 'kakao', person);
  // Kakao verified the address: the account is open at once.
  await expectSignedInAs(page, person.name, person.email);
  await signInAgain(browser, 'kakao', person, { width: 1280, height: 800 });
});

test('Naver on a 360 px phone: the address is verified by mail first, then Naver signs in', async ({
  browser,
}) => {
  test.slow();
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const person = { account: unique('naver'), name: '이네이버', email: `${unique('naver')}@example.com` };
  await page.goto('/ko?open=signIn');
  const dialog = page.getByRole('dialog', { name: ko('sign_in.title') });
  await expect(dialog.getByRole('button', { name: ko('provider.continue.naver') })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await continueWith(page, 'naver', person, dialog);
  // Naver does not say it verified the address: the pending page waits for our mail's link.
  await expect(page).toHaveURL(/\/ko\/signup\/pending$/);
  await expect(page.getByText(ko('pending.sent_to', { email: person.email }))).toBeVisible();
  await expectNoSidewaysScroll(page);
  const link = await mailedLink(page.request, person.email);
  const verifier = await context.newPage();
  await verifier.goto(link.toString());
  await expect(verifier.getByText(ko('verify.email_done'))).toBeVisible({ timeout: 15_000 });
  await expectSignedInAs(page, person.name, person.email);
  await context.close();
  await signInAgain(browser, 'naver', person);
});

test("an address with a password account: Kakao is linked only after that account's password", async ({
  page,
  request,
}) => {
  const email = await newAccount(request, 'ko');
  await page.setViewportSize(PHONE);
  await page.goto('/ko?open=signIn');
  const dialog = page.getByRole('dialog', { name: ko('sign_in.title') });
  await continueWith(page, 'kakao', { account: unique('kakao'), name: '연결할 사람', email }, dialog);
  const link = dialog.getByRole('form', {
    name: ko('provider.link_needed', { provider: ko('provider.name.kakao'), email }),
  });
  await expect(link).toBeVisible();
  await expectNoSidewaysScroll(page);
  await link.getByLabel(ko('field.password')).fill('not-the-one1');
  await link
    .getByRole('button', { name: ko('provider.link_submit', { provider: ko('provider.name.kakao') }) })
    .click();
  // A password is hashed: on a loaded machine that takes a while.
  await expect(link.getByText(text('ko', 'errors', 'error.invalid_password'))).toBeVisible({
    timeout: 15_000,
  });
  await expect(page).toHaveURL(/\/ko\?open=signIn$/);
  await link.getByLabel(ko('field.password')).fill(PASSWORD);
  await link
    .getByRole('button', { name: ko('provider.link_submit', { provider: ko('provider.name.kakao') }) })
    .click();
  // newAccount's person: Sky Kim.
  await expectSignedInAs(page, 'Sky Kim', email);
});

test('the payment-start sign-in with Kakao leads to the order page of the plan chosen', async ({ page }) => {
  const person = { account: unique('kakao'), name: '박구매', email: `${unique('buyer')}@example.com` };
  await page.goto('/ko/payment/pricepolicy');
  const start = `${text('ko', 'pricing', 'start.start')}: ${text('ko', 'common', 'plan_type.STANDARD')}`;
  await page.locator('th[data-plan^="MR_"]').getByRole('button', { name: start }).click();
  const dialog = page.getByRole('dialog', { name: ko('sign_in.payment_title') });
  await continueWith(page, 'kakao', person, dialog);
  await expect(page).toHaveURL(/\/ko\/payment\/order\/subscription\?guid=[\w-]+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ko', 'order', 'title.subscription'));
  await expect(page.getByTestId('order-total')).toHaveText('₩19,900');
});

test('a forged state and a code used before are refused, and no one is signed in', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const person = { account: unique('kakao'), name: '한번만', email: `${unique('once')}@example.com` };
  // The first return's code is kept; later returns are sent on with it instead of their own, or with a
  // state of no sign-in: the sandbox's answer (its redirect to /oauth-redirect) is altered on its way.
  let firstCode: string | undefined;
  let forgeState = false;
  await page.context().route(/\/authorize\/choose\?/, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    const back = new URL(answer.headers().location ?? '');
    if (!firstCode) firstCode = back.searchParams.get('code') ?? undefined;
    else if (forgeState) back.searchParams.set('state', 'forged-state');
    else back.searchParams.set('code', firstCode);
    await route.fulfill({ status: 302, headers: { location: back.toString() } });
  });
  await page.goto('/ko?open=signIn');
  const dialog = page.getByRole('dialog', { name: ko('sign_in.title') });
  await continueWith(page, 'kakao', person, dialog);
  await expectSignedInAs(page, person.name, person.email);

  await page.context().clearCookies();
  await page.goto('/ko?open=signIn');
  await continueWith(page, 'kakao', person, page.getByRole('dialog', { name: ko('sign_in.title') }));
  const refused = page
    .getByRole('dialog')
    .getByText(ko('provider.refused', { provider: ko('provider.name.kakao') }));
  await expect(refused).toBeVisible();

  forgeState = true;
  await page.goto('/ko?open=signIn');
  await continueWith(page, 'kakao', person, page.getByRole('dialog', { name: ko('sign_in.title') }));
  await expect(page.getByRole('dialog').getByText(ko('provider.state_refused'))).toBeVisible();
  await expect(page).toHaveURL(/\/ko\?open=signIn$/);
  await expectNoSidewaysScroll(page);
});
