import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { SITE_LANGUAGES } from '../shared/languages.ts';
import { languagesOf, PRERENDERED_PAGES, SITE_PAGE_PARAMS } from '../shared/site/site-pages.ts';
import { openBilling, signInToBilling } from './billing-helpers.ts';
import { PASSWORD, subscriber } from './subscriber-helpers.ts';

/**
 * Every public page in every language it exists in: no serious or critical axe violation, and no
 * script error (a pre-rendered page that fails to hydrate reports one). Pages drawn from one
 * template with a slug (the 23 feature pages, the solutions) are checked with their first slug;
 * scripts/bench/site.ts loads every one of them for hydration errors.
 */
function firstPath(pattern: string): string {
  return pattern.replace(/\{([A-Za-z0-9_]+)\}/g, (_, name: string) => SITE_PAGE_PARAMS[name]?.[0] ?? name);
}

const pages = [
  ...PRERENDERED_PAGES.flatMap((pattern) =>
    languagesOf(pattern).map((lang) => `/${lang}${firstPath(pattern)}`.replace(/\/$/, '')),
  ),
  // Its disabled plans (a real upgrade session) are checked by the upgrade journey (journey-upgrade.spec.ts).
  '/en/payment/upgrade/pricepolicy',
];

/** Serious or critical axe violations of the page as it stands, named by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

// One test per language walks its pages in one tab, as a reader does (a tab per page loaded the shared
// scripts and styles again each time); a failure names the page.
for (const lang of SITE_LANGUAGES) {
  const ofLanguage = pages.filter((url) => url === `/${lang}` || url.startsWith(`/${lang}/`));
  test(`every public page in ${lang} has no serious accessibility violation`, async ({ page }) => {
    test.setTimeout(ofLanguage.length * 15_000);
    let url = '';
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${url}: ${message.text()}`);
    });
    for (url of ofLanguage) {
      await page.goto(url);
      await expect(page.locator('footer .footer-download'), url).toHaveAttribute('title', /MB/);
      if (url.includes('pricepolicy')) await expect(page.locator('th[data-plan]').first(), url).toBeVisible();
      expect.soft(await seriousViolations(page), url).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

test('the billing page of a subscriber has no serious accessibility violation in any language', async ({
  page,
  request,
}) => {
  test.slow();
  const owner = await subscriber(page, request, '+14155550192');
  await signInToBilling(page, 'en', owner.email, PASSWORD);
  for (const lang of SITE_LANGUAGES) {
    await openBilling(page, lang);
    expect.soft(await seriousViolations(page), lang).toEqual([]);
  }
});
