import { createConfig, findConfigByName } from '../../functions/core/data/config-repository.ts';
import {
  DEFAULT_CATALOGUE,
  ERASER_CATALOGUE,
  LEGACY_CATALOGUE,
  putPlanCatalogue,
} from '../../functions/core/data/plan-catalogue-repository.ts';
import { createUser, findUserByEmail, type User } from '../../functions/core/data/user-repository.ts';
import { seedFirstRelease } from '../../functions/core/downloads/latest-release.ts';
import { signIdToken } from '../../functions/core/identity/id-token.ts';
import { hashPassword } from '../../functions/core/identity/password.ts';
import {
  BUILT_IN_PLAN_PRICES,
  BUILT_IN_PLAN_USAGES,
  ERASER_PRICES,
  LEGACY_PLAN_PRICES,
  PARTNER_CATALOGUES,
} from '../../shared/plans/price-book.ts';
import { DEFAULT_TTS_VOICES, TTS_VOICES_CONFIG } from '../../shared/tts-voices/tts-voices.ts';
import { eraserCatalogueOf } from '../../shared/usage-eraser/eraser-options.ts';

/** What `npm start` prints so a tester can sign in (or call the API) at once. */
export interface SeededCredentials {
  label: string;
  lines: string[];
}

/** The local accounts: an operator (admin level 1) and a verified demo customer. */
export const SEEDED_ACCOUNTS = {
  operator: {
    uid: 'operator-local',
    name: 'Local Operator',
    email: 'operator@cutloom.local',
    password: 'operator-pass1',
    adminLevel: 1,
  },
  customer: {
    uid: 'demo-customer',
    name: 'Demo Customer',
    email: 'demo@cutloom.local',
    password: 'demo-pass1',
  },
} as const;

async function ensureAccount(account: {
  uid: string;
  name: string;
  email: string;
  password: string;
  adminLevel?: number;
}): Promise<User> {
  const existing = await findUserByEmail(account.email);
  if (existing) return existing;
  const now = Date.now();
  return createUser({
    uid: account.uid,
    name: account.name,
    email: account.email,
    emailVerified: true,
    passwordHash: await hashPassword(account.password),
    providers: ['password'],
    uiLanguage: 'en',
    clientType: 'landing',
    ...(account.adminLevel ? { adminLevel: account.adminLevel } : {}),
    created: now,
    credentialsChangedAt: now,
  });
}

/**
 * Seeds what a fresh machine needs, idempotently: the plan catalogues (built-in, legacy, the
 * partners' custom plans and the usage erasers'), the first release of the download feed, the TTS voice list config (kept
 * once an operator edits it) and the two local
 * accounts (kept as they are when they exist). Ready ID tokens (12 hours) are printed too, for
 * calling the API by hand.
 */
export async function seed(): Promise<SeededCredentials[]> {
  await putPlanCatalogue(DEFAULT_CATALOGUE, BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES);
  await putPlanCatalogue(LEGACY_CATALOGUE, LEGACY_PLAN_PRICES, BUILT_IN_PLAN_USAGES);
  for (const [catalogue, { prices, usages }] of Object.entries(PARTNER_CATALOGUES)) {
    await putPlanCatalogue(catalogue, prices, usages);
  }
  const erasers = eraserCatalogueOf(ERASER_PRICES, BUILT_IN_PLAN_USAGES);
  await putPlanCatalogue(ERASER_CATALOGUE, erasers.prices, erasers.usages);
  if (!(await findConfigByName(TTS_VOICES_CONFIG)))
    await createConfig({ name: TTS_VOICES_CONFIG, value: JSON.stringify(DEFAULT_TTS_VOICES, null, 2) });
  await seedFirstRelease();
  const twelveHours = 12 * 3600;
  const [operator, customer] = await Promise.all([
    ensureAccount(SEEDED_ACCOUNTS.operator),
    ensureAccount(SEEDED_ACCOUNTS.customer),
  ]);
  const operatorToken = await signIdToken(
    { uid: operator.uid, email: operator.email, adminLevel: SEEDED_ACCOUNTS.operator.adminLevel },
    twelveHours,
  );
  const customerToken = await signIdToken({ uid: customer.uid, email: customer.email }, twelveHours);
  return [
    {
      label: 'Operator (admin level 1), sign in at /admin/login',
      lines: [
        `${SEEDED_ACCOUNTS.operator.email} / ${SEEDED_ACCOUNTS.operator.password}`,
        `ID token: ${operatorToken}`,
      ],
    },
    {
      label: 'Demo customer (verified)',
      lines: [
        `${SEEDED_ACCOUNTS.customer.email} / ${SEEDED_ACCOUNTS.customer.password}`,
        `ID token: ${customerToken}`,
      ],
    },
  ];
}
