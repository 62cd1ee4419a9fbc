import { ensureCanaryAccount } from '../../functions/core/canary/canary-account.ts';
import { createConfig, findConfigByName } from '../../functions/core/data/config-repository.ts';
import { addStaffMember, getStaffMember } from '../../functions/core/data/staff-repository.ts';
import { createUser, findUserByEmail, type User } from '../../functions/core/data/user-repository.ts';
import { seedFirstRelease } from '../../functions/core/downloads/latest-release.ts';
import { SECOND_FACTOR_AMR, signIdToken } from '../../functions/core/identity/id-token.ts';
import { hashPassword } from '../../functions/core/identity/password.ts';
import { seedPriceCatalogues } from '../../functions/core/plans/price-catalogues.ts';
import { otpauthUri } from '../../functions/core/staff/totp.ts';
import { DEFAULT_TTS_VOICES, TTS_VOICES_CONFIG } from '../../shared/tts-voices/tts-voices.ts';

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
    /**
     * The operator's TOTP secret, fixed so that tests and developers compute its codes (any authenticator
     * app takes the printed otpauth:// URI). A local secret only: staff in AWS enrol their own.
     */
    totpSecret: 'CUTLOOMLOCALOPERATORTOTPSECRET23',
  },
  customer: {
    uid: 'demo-customer',
    name: 'Demo Customer',
    email: 'demo@cutloom.local',
    password: 'demo-pass1',
  },
  /** The purchase canary's account (a test account: functions/core/canary), as `npm run canary` signs in. */
  canary: { email: 'canary@cutloom.local', password: 'canary-pass1' },
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

/** The seeded operator is an active admin enrolled with its fixed TOTP secret (kept as it is when it exists). */
async function ensureSeededOperatorIsAdmin(operator: User): Promise<void> {
  if (await getStaffMember(operator.uid)) return;
  const now = Date.now();
  await addStaffMember({
    uid: operator.uid,
    email: operator.emailKey,
    role: 'admin',
    status: 'active',
    created: now,
    totpSecret: SEEDED_ACCOUNTS.operator.totpSecret,
    totpEnrolledAt: now,
    sessionsEndedAt: 0,
  });
}

/**
 * Seeds what a fresh machine needs, idempotently: the plan catalogues (functions/core/plans/price-catalogues.ts,
 * which a deployment runs too), the first release of the download feed, the TTS voice list config (kept
 * once an operator edits it), the two local accounts (kept as they are when they exist) and the purchase
 * canary's (as a deployment makes it). Ready ID tokens (12 hours) are printed too, for
 * calling the API by hand.
 */
export async function seed(): Promise<SeededCredentials[]> {
  await seedPriceCatalogues();
  if (!(await findConfigByName(TTS_VOICES_CONFIG)))
    await createConfig({ name: TTS_VOICES_CONFIG, value: JSON.stringify(DEFAULT_TTS_VOICES, null, 2) });
  await seedFirstRelease();
  const twelveHours = 12 * 3600;
  const [operator, customer] = await Promise.all([
    ensureAccount(SEEDED_ACCOUNTS.operator),
    ensureAccount(SEEDED_ACCOUNTS.customer),
    ensureCanaryAccount(SEEDED_ACCOUNTS.canary),
  ]);
  await ensureSeededOperatorIsAdmin(operator);
  const operatorToken = await signIdToken(
    {
      uid: operator.uid,
      email: operator.email,
      adminLevel: SEEDED_ACCOUNTS.operator.adminLevel,
      amr: SECOND_FACTOR_AMR,
    },
    twelveHours,
  );
  const customerToken = await signIdToken({ uid: customer.uid, email: customer.email }, twelveHours);
  return [
    {
      label: 'Operator (staff role admin), sign in at /admin/login',
      lines: [
        `${SEEDED_ACCOUNTS.operator.email} / ${SEEDED_ACCOUNTS.operator.password}`,
        `TOTP: ${otpauthUri(SEEDED_ACCOUNTS.operator.totpSecret, operator.email)}`,
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
    {
      label: 'Purchase canary (a test account; npm run canary signs in with it)',
      lines: [`${SEEDED_ACCOUNTS.canary.email} / ${SEEDED_ACCOUNTS.canary.password}`],
    },
  ];
}
