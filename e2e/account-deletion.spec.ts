import { type APIRequestContext, expect, test } from '@playwright/test';
import { signInToBilling } from './billing-helpers.ts';
import { signInToConsole } from './console-helpers.ts';
import { type Lang, text } from './journey-helpers.ts';
import { newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Account deletion (회원 탈퇴, issue 26 point 4), as a Korean customer does it on a phone: from the
 * billing page, signed in again with the password, the refund policy and what happens shown, the
 * account deleted (a mail confirms it); signing in is then refused, the console lists the account struck
 * through with the day, and the same address signs up again as a new account.
 */
test.use({ viewport: { width: 360, height: 740 } });

const lang: Lang = 'ko';
const t = (key: string, values?: Record<string, string>) => text(lang, 'account-deletion', key, values);
const kstDay = (ms: number) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Seoul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));

/** The verification mails an address was sent: one per account signed up with it. */
async function verificationMails(request: APIRequestContext, email: string): Promise<number> {
  const mails = (await (await request.get('/_local/outbox.json')).json()) as Array<{
    to: string[];
    subject: string;
  }>;
  return mails.filter(
    (mail) => mail.to.includes(email) && mail.subject === '[Cutloom] 이메일 주소를 인증해 주세요',
  ).length;
}

test('deleted from the billing page after signing in again: sign-in refused, struck through in the console, the address free again', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const email = await newAccount(request, lang);
  // Its uid, for the console (a request of its own: the page's browser is still signed out).
  const { user } = (await (
    await request.post('/auth/v2/sign-in', {
      data: { email, password: PASSWORD, clientType: 'landing', language: lang },
    })
  ).json()) as { user: { uid: string } };
  await signInToBilling(page, lang, email, PASSWORD);

  const section = page.getByRole('region', { name: t('title') });
  await section.getByRole('button', { name: t('start') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(t('reauth.title'));
  await dialog.getByLabel(t('reauth.password')).fill('not-my-password1');
  await dialog.getByRole('button', { name: t('reauth.submit'), exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(t('error.password'));
  await dialog.getByLabel(t('reauth.password')).fill(PASSWORD);
  await dialog.getByRole('button', { name: t('reauth.submit'), exact: true }).click();

  // The refund policy itself, and what happens, before the one button that deletes.
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(t('confirm.title'), { timeout: 15_000 });
  await expect(dialog.getByTestId('account-deletion-refund-policy')).toContainText('7일 이내 전액 환불');
  await expect(dialog.getByText(t('confirm.what.kept'))).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  await dialog.getByRole('button', { name: t('confirm.delete'), exact: true }).click();
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(t('done.title'));
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_local/outbox.json')).json()) as Array<{
        to: string[];
        subject: string;
      }>;
      return mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject);
    })
    .toContain('[Cutloom] 회원 탈퇴가 완료되었습니다');
  const deletedOn = kstDay(Date.now());

  // Signing in with the address is refused.
  await dialog.getByRole('link', { name: t('done.home') }).click();
  await page.goto(`/${lang}?open=signIn`);
  const signIn = page.getByRole('dialog');
  await signIn.getByLabel(text(lang, 'auth', 'field.email')).fill(email);
  await signIn.getByLabel(text(lang, 'auth', 'field.password')).fill(PASSWORD);
  await signIn.getByRole('button', { name: text(lang, 'auth', 'sign_in.submit'), exact: true }).click();
  await expect(signIn.getByText(text(lang, 'errors', 'error.email_not_found'))).toBeVisible({
    timeout: 15_000,
  });

  // The console lists the account struck through, with the day it was deleted.
  const console = await (await browser.newContext()).newPage();
  await signInToConsole(console);
  await console.goto(`/admin/users?uid=${encodeURIComponent(user.uid)}`);
  const row = console.getByRole('row', { name: new RegExp(user.uid) });
  await expect(row).toContainText('Deleted account');
  await expect(row).toContainText(`deleted ${deletedOn}`);
  await expect(row.locator('.console-deleted')).toHaveCSS('text-decoration-line', 'line-through');

  // The same address signs up again, as a new account.
  await page.goto(`/${lang}/signup`);
  await page.getByLabel(text(lang, 'auth', 'field.name')).fill('새 가입자');
  await page.getByLabel(text(lang, 'auth', 'field.email')).fill(email);
  await page.getByLabel(text(lang, 'auth', 'field.password'), { exact: true }).fill(PASSWORD);
  await page.getByLabel(text(lang, 'auth', 'field.password_confirm')).fill(PASSWORD);
  await page.getByLabel(text(lang, 'auth', 'sign_up.age_major')).check();
  await page.getByRole('button', { name: text(lang, 'auth', 'sign_up.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/signup/pending$`), { timeout: 15_000 });
  await expect.poll(() => verificationMails(page.request, email)).toBe(2);
});
