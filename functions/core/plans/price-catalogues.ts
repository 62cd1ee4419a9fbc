import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  ERASER_PRICES,
  LEGACY_PLAN_PRICES,
  PARTNER_CATALOGUES,
} from '../../../shared/plans/price-book.ts';
import { eraserCatalogueOf } from '../../../shared/usage-eraser/eraser-options.ts';
import {
  DEFAULT_CATALOGUE,
  ERASER_CATALOGUE,
  LEGACY_CATALOGUE,
  putPlanCatalogue,
} from '../data/plan-catalogue-repository.ts';

/**
 * Writes the price book's catalogues into the table (built-in, legacy, the partners' plans and the usage
 * erasers'), on every local start (scripts/local/seed.ts) and on every deployment that changes the book
 * (events/deploy/seed-price-catalogues.ts). The book wins over what the table holds: no console screen
 * edits these prices (custom plans are created under new names, coupons keep their own prices), so
 * writing them again is idempotent. Plans an operator added to a partner's catalogue are left alone.
 */
export async function seedPriceCatalogues(): Promise<void> {
  await putPlanCatalogue(DEFAULT_CATALOGUE, BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES);
  await putPlanCatalogue(LEGACY_CATALOGUE, LEGACY_PLAN_PRICES, BUILT_IN_PLAN_USAGES);
  for (const [catalogue, { prices, usages }] of Object.entries(PARTNER_CATALOGUES)) {
    await putPlanCatalogue(catalogue, prices, usages);
  }
  const erasers = eraserCatalogueOf(ERASER_PRICES, BUILT_IN_PLAN_USAGES);
  await putPlanCatalogue(ERASER_CATALOGUE, erasers.prices, erasers.usages);
}
