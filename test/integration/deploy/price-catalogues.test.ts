import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../events/deploy/seed-price-catalogues.ts';
import { dynamo } from '../../../functions/core/data/client.ts';
import {
  catalogueFor,
  DEFAULT_CATALOGUE,
  ERASER_CATALOGUE,
  getPlanCatalogue,
  LEGACY_CATALOGUE,
  putPlanCatalogue,
} from '../../../functions/core/data/plan-catalogue-repository.ts';
import { lambdaContext } from '../../../scripts/local/lambda-context.ts';
import { ensureTable } from '../../../scripts/local/table.ts';
import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  PARTNER_CATALOGUES,
} from '../../../shared/plans/price-book.ts';
import '../helpers.ts';

/**
 * The deployment's price seed (infra/jobs-stack.ts runs it as a CDK trigger) on a table of its own in
 * DynamoDB Local, as fresh as a new stage's: nothing seeded it before, and the shared runtime's catalogues
 * are left alone. The table is named before the first table call, which is when the data layer reads it.
 */
process.env.TABLE_NAME = `deploy-seed-${randomUUID()}`;

const runSeed = () => handler({}, lambdaContext('seed-price-catalogues', 60_000));
const everyCatalogue = () =>
  Promise.all(
    [DEFAULT_CATALOGUE, LEGACY_CATALOGUE, ERASER_CATALOGUE, ...Object.keys(PARTNER_CATALOGUES)].map(
      getPlanCatalogue,
    ),
  );

beforeAll(async () => {
  await ensureTable(dynamo(), process.env.TABLE_NAME as string);
});

describe('the deployment price seed', () => {
  it('fills a fresh table with the catalogues the order pages read, the same on every run', async () => {
    expect((await getPlanCatalogue(DEFAULT_CATALOGUE)).prices).toEqual([]);

    await runSeed();
    const first = await everyCatalogue();
    const sold = await catalogueFor(undefined);
    expect(sold.prices).toEqual(BUILT_IN_PLAN_PRICES);
    expect(sold.usages).toEqual(expect.arrayContaining([...BUILT_IN_PLAN_USAGES]));
    for (const [referralType, book] of Object.entries(PARTNER_CATALOGUES))
      expect((await catalogueFor(referralType)).prices, referralType).toEqual(book.prices);
    for (const catalogue of first) expect(catalogue.prices.length).toBeGreaterThan(0);

    await runSeed();
    expect(await everyCatalogue()).toEqual(first);
  });

  it('puts the price book back over a price the table holds differently', async () => {
    const [plan] = BUILT_IN_PLAN_PRICES;
    if (!plan) throw new Error('The price book has no built-in plan');
    await putPlanCatalogue(DEFAULT_CATALOGUE, [{ ...plan, priceKo: plan.priceKo + 1000 }], []);
    expect((await getPlanCatalogue(DEFAULT_CATALOGUE)).prices[0]?.priceKo).toBe(plan.priceKo + 1000);

    await runSeed();
    expect((await getPlanCatalogue(DEFAULT_CATALOGUE)).prices[0]).toEqual(plan);
  });
});
