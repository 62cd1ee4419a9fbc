import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { languagesOf, PRERENDERED_PAGES, SITE_PAGE_PARAMS } from '../shared/site/site-pages.ts';

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

for (const url of pages) {
  test(`${url} has no serious accessibility violation`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(url);
    await expect(page.locator('footer .footer-download')).toHaveAttribute('title', /MB/);
    if (url.includes('pricepolicy')) await expect(page.locator('th[data-plan]').first()).toBeVisible();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    expect(serious).toEqual([]);
    expect(errors).toEqual([]);
  });
}
