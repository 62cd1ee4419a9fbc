import { signIdToken } from '../../functions/core/auth/id-token.ts';
import { DEFAULT_CATALOGUE, putPlanCatalogue } from '../../functions/core/data/plan-catalogue-repository.ts';
import { seedFirstRelease } from '../../functions/core/downloads/latest-release.ts';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from '../../shared/plans/price-book.ts';

/** What `npm start` prints so a tester can call the API at once. */
export interface SeededCredentials {
  label: string;
  lines: string[];
}

/**
 * Seeds what a fresh machine needs, idempotently: the built-in plan catalogue and the first release
 * of the download feed. Until the identity
 * service stores accounts, the local operator and demo customer exist as signed ID tokens only (the
 * admin routes check the token's admin level), valid for 12 hours.
 */
export async function seed(): Promise<SeededCredentials[]> {
  await putPlanCatalogue(DEFAULT_CATALOGUE, BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES);
  await seedFirstRelease();
  const twelveHours = 12 * 3600;
  const operator = await signIdToken(
    { uid: 'operator-local', email: 'operator@cutloom.local', adminLevel: 1 },
    twelveHours,
  );
  const customer = await signIdToken({ uid: 'demo-customer', email: 'demo@cutloom.local' }, twelveHours);
  return [
    { label: 'Operator (admin level 1) ID token', lines: [operator] },
    { label: 'Demo customer ID token', lines: [customer] },
  ];
}
