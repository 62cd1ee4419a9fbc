import { expect, test } from '@playwright/test';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';

/**
 * A customer who signed up but never opened the mail starts on the Japanese pricing page, presses a
 * plan's start button and signs in: the modal stays open and says, in Japanese, that the address is
 * not verified yet, and offers the mail again; the offer is refused while the first mail is less than
 * 5 minutes old, then sends a new link, which verifies the address; the same modal then signs in.
 * In a runtime of its own: its test clock is moved past the 5 minutes.
 */
test.describe('an unverified account at the payment start', () => {
  let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    runtime = await startIsolatedRuntime({ web: 'dist' });
  });
  test.afterAll(() => runtime?.stop());

  test('is told so in the page’s language, gets the mail again, verifies and signs in', async ({ page }) => {
    test.slow();
    const base = runtime.url;
    const email = `unverified-${Date.now()}@example.com`;
    const password = 'journey-pass1';
    const outbox = async () =>
      (
        (await (await page.request.get(`${base}/_local/outbox.json`)).json()) as Array<{
          to: string[];
          links: string[];
        }>
      )
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.links[0] as string);
    const signedUp = await page.request.post(`${base}/auth/sign-up`, {
      data: { name: 'Aoi Tanaka', email, password, language: 'en', clientType: 'landing' },
    });
    expect(signedUp.ok()).toBe(true);
    expect(await outbox()).toHaveLength(1);

    await page.goto(`${base}/ja/payment/pricepolicy`);
    await page.locator('th[data-plan]').getByRole('button', { name: 'はじめる: スタンダード' }).click();
    const dialog = page.getByRole('dialog', { name: /ログイン/ });
    await dialog.getByLabel('メールアドレス').fill(email);
    await dialog.getByLabel('パスワード').fill(password);
    await dialog.getByRole('button', { name: 'ログイン', exact: true }).click();

    await expect(dialog.getByRole('alert')).toHaveText(
      '[A17] メール認証後にログインできます。受信トレイをご確認ください。',
    );
    const resend = dialog.getByRole('button', { name: '認証メールを再送する' });
    await resend.click();
    await expect(dialog.getByRole('status')).toHaveText(/^5分以内に認証リンクを送信済みです。/);
    expect(await outbox()).toHaveLength(1);

    const moved = await page.request.post(`${base}/_local/clock`, { data: { advanceSeconds: 5 * 60 + 1 } });
    expect(moved.ok()).toBe(true);
    await resend.click();
    await expect(dialog.getByRole('status')).toHaveText(
      `${email} に新しい認証リンクを送信しました。受信トレイと迷惑メールフォルダをご確認ください。`,
    );
    const links = await outbox();
    expect(links).toHaveLength(2);
    // Newest first, in the page's language.
    expect(links[0]).toMatch(/\/ja\/signup\/verify\?token=/);

    const mailTab = await page.context().newPage();
    const link = new URL(links[0] as string);
    await mailTab.goto(`${base}${link.pathname}${link.search}`);
    await expect(mailTab.getByRole('status')).toHaveText(
      'メールアドレスの確認が完了しました。ログインできます。',
    );
    await mailTab.close();

    await dialog.getByRole('button', { name: 'ログイン', exact: true }).click();
    // Signed in: the modal hands the customer on (to the app, or the chosen plan's order page).
    await expect(page).toHaveURL(/\/(_local\/app|ja\/payment\/order\/subscription\?guid=)/, {
      timeout: 15_000,
    });
  });
});
