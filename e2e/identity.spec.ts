import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';

/**
 * The customer's identity journey in a real browser against the whole local product: sign-up, the
 * verification link from the local outbox, the pending page, sign-in, sessions kept (or not) across a
 * browser restart by persistSession, the landing page's redirect of a signed-in visitor, sign-out,
 * and Google sign-in through the local sandbox.
 */
const PASSWORD = 'journey-pass1';
const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

async function mailedLink(page: Page, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_local/outbox.json')).json()) as Array<{
        to: string[];
        links: string[];
      }>;
      link = mails.find((mail) => mail.to.includes(to))?.links[0];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/** What a browser keeps across a restart: the persistent cookies, not the session ones. */
async function restart(browser: Browser, context: BrowserContext): Promise<BrowserContext> {
  const state = await context.storageState();
  await context.close();
  return browser.newContext({
    storageState: { ...state, cookies: state.cookies.filter((cookie) => cookie.expires !== -1) },
  });
}

async function signInThroughModal(page: Page, email: string, password: string, keep: boolean) {
  await page.goto('/en?open=signIn');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(password);
  if (keep) await dialog.getByLabel('Keep me signed in on this device').check();
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('sign up, verify from the outbox, sign in, keep the session or not across a restart, sign out', async ({
  browser,
}) => {
  // A long journey of many page loads and password hashes: it gets three times the usual time.
  test.slow();
  const email = uniqueEmail('journey');
  let context = await browser.newContext();
  let page = await context.newPage();

  await page.goto('/en/signup');
  await page.getByLabel('Name').fill('Journey Tester');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByLabel('14 or older').check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/en\/signup\/pending$/);
  await expect(page.getByRole('status')).toHaveText(/Open the link we sent/);
  await expect(page.getByText(`We sent it to ${email}.`)).toBeVisible();

  const link = await mailedLink(page, email);
  const mailTab = await context.newPage();
  await mailTab.goto(new URL(link).pathname + new URL(link).search);
  await expect(mailTab.getByRole('status')).toHaveText(
    'Your e-mail address is verified. You can sign in now.',
  );
  await mailTab.close();

  // The pending page notices, signs the new customer in and sends them to the app.
  await expect(page).toHaveURL(/\/_local\/app$/, { timeout: 15_000 });
  await expect(page.getByRole('status')).toHaveText(`Signed in as Journey Tester <${email}>`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en$/);

  // Signed in without "keep me signed in": a reload keeps the session, a browser restart ends it.
  await signInThroughModal(page, email, PASSWORD, false);
  await expect(page).toHaveURL(/\/_local\/app$/);
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(/^Signed in as/);
  await page.goto('/en');
  await expect(page).toHaveURL(/\/_local\/app$/);
  await expect(page.getByRole('status')).toHaveText(/^Signed in as/);
  context = await restart(browser, context);
  page = await context.newPage();
  await page.goto('/en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/_local/app');
  await expect(page.getByRole('status')).toHaveText('Not signed in');

  // With "keep me signed in" the session survives the restart, until signing out.
  await signInThroughModal(page, email, PASSWORD, true);
  await expect(page).toHaveURL(/\/_local\/app$/);
  // The app page's check rotated the refresh token: restart only once the browser holds the new one.
  await expect(page.getByRole('status')).toHaveText(/^Signed in as/);
  context = await restart(browser, context);
  page = await context.newPage();
  await page.goto('/en');
  await expect(page).toHaveURL(/\/_local\/app$/);
  await expect(page.getByRole('status')).toHaveText(`Signed in as Journey Tester <${email}>`);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto('/_local/app');
  await expect(page.getByRole('status')).toHaveText('Not signed in');
  await context.close();
});

test('the sign-up form applies every rule on its fields', async ({ page }) => {
  await page.goto('/en/signup?coupon=SPRING26');
  await expect(page.getByLabel('Referral', { exact: true })).toHaveValue('affiliate');
  await expect(page.getByLabel('Referral code')).toHaveValue('SPRING26');
  await page.getByLabel('Name').fill('A');
  await page.getByLabel('E-mail').fill('someone@example');
  await page.getByLabel('Password', { exact: true }).fill('lettersonly');
  await page.getByLabel('Confirm password').fill('different1');
  await page.getByLabel('Under 14').check();
  await page.getByLabel("Parent's or guardian's name").fill('Parent Person');
  await page.getByLabel("Parent's or guardian's e-mail").fill('someone@example');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(
    page.getByText('Use 2 to 32 characters: letters, digits, punctuation and spaces.'),
  ).toBeVisible();
  await expect(page.getByText('Enter a valid e-mail address, such as name@example.com.')).toHaveCount(2);
  await expect(page.getByText(/Use 6 to 16 characters with at least one letter and one digit/)).toBeVisible();
  await expect(page.getByText('The passwords do not match.')).toBeVisible();

  await page.getByLabel('E-mail', { exact: true }).fill('kid@example.com');
  await page.getByLabel("Parent's or guardian's e-mail").fill('KID@example.com');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText("The parent's e-mail must be different from your own.")).toBeVisible();

  // Pasting into the password fields does nothing.
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('');
  await page.evaluate(() => {
    const input = document.getElementById('sign-up-password') as HTMLInputElement;
    const data = new DataTransfer();
    data.setData('text/plain', 'pasted123');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true });
    input.dispatchEvent(event);
    (window as unknown as { pasteBlocked: boolean }).pasteBlocked = event.defaultPrevented;
  });
  expect(await page.evaluate(() => (window as unknown as { pasteBlocked: boolean }).pasteBlocked)).toBe(true);
  await expect(password).toHaveValue('');
});

test('the sign-in modal puts each identity error where it belongs', async ({ page }) => {
  await page.goto('/ko?open=signIn');
  const dialog = page.getByRole('dialog', { name: '로그인' });
  await dialog.getByLabel('이메일').fill(uniqueEmail('nobody'));
  await dialog.getByLabel('비밀번호').fill('whatever1');
  await dialog.getByRole('button', { name: '로그인', exact: true }).click();
  await expect(dialog.locator('#sign-in-email-error')).toHaveText('가입되지 않은 이메일입니다.');

  await page.goto('/en?open=signIn');
  const english = page.getByRole('dialog', { name: 'Sign in' });
  await english.getByLabel('E-mail').fill('demo@cutloom.local');
  await english.getByLabel('Password').fill('not-the-pass1');
  await english.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(english.locator('#sign-in-password-error')).toHaveText('The password is not correct.');
  await english.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Google sign-in through the popup and the local sandbox', async ({ page }) => {
  await page.goto('/en?open=signIn');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  const email = uniqueEmail('google');
  await popup.getByLabel('E-mail').fill(email);
  await popup.getByLabel('Name').fill('Popup Person');
  await popup.getByRole('button', { name: 'Continue' }).click();
  // The popup closes itself once it has handed the credential over; asked as a state, not an event that
  // may already have fired before a listener was attached.
  await expect.poll(() => popup.isClosed()).toBe(true);
  await expect(page).toHaveURL(/\/_local\/app$/);
  await expect(page.getByRole('status')).toHaveText(`Signed in as Popup Person <${email}>`);
});
