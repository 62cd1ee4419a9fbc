import type { RouteDefinition, RouteGrant } from '../../shared/api/define-route.ts';
import { SCHEDULE_DEAD_LETTER_ARN_VARIABLE } from '../../shared/jobs/schedules.ts';
import { isStaffWrite } from '../../shared/staff/staff-roles.ts';

/**
 * Every environment variable the server code reads, declared once: which module reads it (through
 * settings.ts), what it implies for a Lambda given it (a grant on a resource, a secret to read) and which
 * functions get it (`for`: any of those needs). `functionEnvironment` builds each Lambda's environment
 * from this (infra/service-stack.ts, infra/jobs-stack.ts), `localEnvironment` the one machine's
 * (scripts/local/runtime.ts); the stacks test compares every function's variables with what this yields.
 * settings.ts imports only the names' types, so none of this is in the handler bundles.
 */
type Implies = 'table' | 'secret' | 'queue' | 'bucket' | 'stream' | 'scheduler' | 'mail' | 'nothing';

/**
 * What a function needs, beside its grants (shared/api/define-route.ts RouteGrant): every function, the
 * routes (behind the distribution), the identity service's routes, the routes that verify ID tokens, and
 * the dead-letter consumer (which ARN is which dead-letter queue).
 */
export type FunctionNeed =
  | RouteGrant
  | 'function'
  | 'route'
  | 'identity-service'
  | 'token:verify'
  | 'dead-letter-consumer'
  /** The consumer of the table's stream, which writes the locked copy. */
  | 'record-archive'
  /** The deployment's job that makes the purchase canary's account from its secret. */
  | 'canary-account';

interface Variable {
  readBy: string;
  implies: Implies;
  /** The functions given it: those with any of these needs. None: Lambda or the one machine sets it. */
  for?: readonly FunctionNeed[];
  /** Set only on one machine (an endpoint of a stand-in, a sandbox's credentials, the test clock). */
  localOnly?: true;
  /**
   * A one-machine variable that goes with a deployed one (a sandbox's address beside the setting it
   * stands in for): `npm start -- --lambda` gives it to exactly the functions whose template gives that one.
   */
  beside?: string;
}

export const ENVIRONMENT = {
  STAGE: { readBy: 'settings.stage, clock.ts, observability.ts', implies: 'nothing', for: ['function'] },
  AWS_REGION: { readBy: 'settings.region (set by Lambda itself)', implies: 'nothing' },
  AWS_LAMBDA_MAX_CONCURRENCY: { readBy: 'observability.ts (set by Lambda itself)', implies: 'nothing' },
  AWS_LAMBDA_INITIALIZATION_TYPE: {
    readBy: 'provisioned-environment.ts (set by Lambda itself)',
    implies: 'nothing',
  },
  LOG_LEVEL: { readBy: 'logger.ts', implies: 'nothing' },
  POWERTOOLS_SERVICE_NAME: {
    readBy: 'Powertools itself (logger.ts, observability.ts)',
    implies: 'nothing',
    for: ['function'],
  },
  POWERTOOLS_METRICS_NAMESPACE: {
    readBy: 'Powertools itself (observability.ts)',
    implies: 'nothing',
    for: ['function'],
  },
  AWS_ACCESS_KEY_ID: { readBy: 'the AWS SDK (set by Lambda itself)', implies: 'nothing', localOnly: true },
  AWS_SECRET_ACCESS_KEY: {
    readBy: 'the AWS SDK (set by Lambda itself)',
    implies: 'nothing',
    localOnly: true,
  },
  AWS_SESSION_TOKEN: { readBy: 'the AWS SDK (set by Lambda itself)', implies: 'nothing', localOnly: true },
  // The stand-ins' endpoints, read by the AWS SDK itself (its service-specific endpoint settings).
  AWS_ENDPOINT_URL_DYNAMODB: { readBy: 'the AWS SDK (data/client.ts)', implies: 'nothing', localOnly: true },
  AWS_ENDPOINT_URL_SQS: { readBy: 'the AWS SDK (adapters/queue.ts)', implies: 'nothing', localOnly: true },
  AWS_ENDPOINT_URL_S3: {
    readBy: 'the AWS SDK, and adapters/object-storage.ts to address buckets path-style under it',
    implies: 'nothing',
    localOnly: true,
  },
  AWS_ENDPOINT_URL_SCHEDULER: {
    readBy: 'the AWS SDK (adapters/scheduler.ts)',
    implies: 'nothing',
    localOnly: true,
  },
  AWS_ENDPOINT_URL_SESV2: { readBy: 'the AWS SDK (adapters/mail.ts)', implies: 'nothing', localOnly: true },
  AWS_ENDPOINT_URL_SECRETS_MANAGER: {
    readBy: 'the AWS SDK (adapters/secrets.ts)',
    implies: 'nothing',
    localOnly: true,
  },
  AWS_ENDPOINT_URL_FIREHOSE: {
    readBy: 'the AWS SDK (adapters/analytics-sink.ts)',
    implies: 'nothing',
    localOnly: true,
  },
  TABLE_NAME: {
    readBy: 'settings.tableName (data/client.ts)',
    implies: 'table',
    for: ['table:read', 'table:write'],
  },
  // The site's origin: the base of mailed links, and of the wallet's return to the result pages.
  SITE_URL: {
    readBy: 'identity, mails and payment links',
    implies: 'nothing',
    for: ['identity-service', 'payment:provider', 'mail:send'],
  },
  MAIL_FROM: { readBy: 'adapters/mail.ts', implies: 'mail', for: ['identity-service', 'mail:send'] },
  GOOGLE_CLIENT_ID: { readBy: 'identity/google-sign-in.ts', implies: 'nothing', for: ['identity-service'] },
  GOOGLE_AUTHORIZE_URL: {
    readBy: 'identity/google-sign-in.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'GOOGLE_CLIENT_ID',
  },
  GOOGLE_TOKENINFO_URL: {
    readBy: 'identity/google-sign-in.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'GOOGLE_CLIENT_ID',
  },
  GOOGLE_USERINFO_URL: {
    readBy: 'identity/google-sign-in.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'GOOGLE_CLIENT_ID',
  },
  // Kakao and Naver sign-in: the client (id and secret) in a secret each, the providers' hosts fixed.
  KAKAO_LOGIN_SECRET_ARN: {
    readBy: 'adapters/kakao-identity.ts',
    implies: 'secret',
    for: ['oauth:providers'],
  },
  KAKAO_CLIENT_ID: { readBy: 'adapters/kakao-identity.ts', implies: 'nothing', localOnly: true },
  KAKAO_CLIENT_SECRET: { readBy: 'adapters/kakao-identity.ts', implies: 'nothing', localOnly: true },
  KAKAO_AUTH_URL: {
    readBy: 'adapters/kakao-identity.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'KAKAO_LOGIN_SECRET_ARN',
  },
  KAKAO_API_URL: {
    readBy: 'adapters/kakao-identity.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'KAKAO_LOGIN_SECRET_ARN',
  },
  NAVER_LOGIN_SECRET_ARN: {
    readBy: 'adapters/naver-identity.ts',
    implies: 'secret',
    for: ['oauth:providers'],
  },
  NAVER_LOGIN_CLIENT_ID: { readBy: 'adapters/naver-identity.ts', implies: 'nothing', localOnly: true },
  NAVER_LOGIN_CLIENT_SECRET: { readBy: 'adapters/naver-identity.ts', implies: 'nothing', localOnly: true },
  NAVER_LOGIN_AUTH_URL: {
    readBy: 'adapters/naver-identity.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'NAVER_LOGIN_SECRET_ARN',
  },
  NAVER_LOGIN_API_URL: {
    readBy: 'adapters/naver-identity.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'NAVER_LOGIN_SECRET_ARN',
  },
  ID_TOKEN_SECRET: { readBy: 'identity/signing-secret.ts', implies: 'nothing', localOnly: true },
  ID_TOKEN_SECRET_ARN: {
    readBy: 'identity/signing-secret.ts',
    implies: 'secret',
    for: ['token:verify', 'token:sign'],
  },
  CANARY_SECRET_ARN: {
    readBy: 'events/deploy/ensure-canary-account.ts (via adapters/secrets.ts)',
    implies: 'secret',
    for: ['canary-account'],
  },
  TEST_CLOCK_OFFSET_MS: { readBy: 'clock.ts', implies: 'nothing', localOnly: true },
  ORIGIN_SECRET_ARN: { readBy: 'origin-check.ts', implies: 'secret', for: ['route'] },
  ANALYTICS_STREAM_NAME: {
    readBy: 'adapters/analytics-sink.ts',
    implies: 'stream',
    for: ['analytics:put'],
  },
  PAYMENT_CHECKOUT_URL: {
    readBy: 'payment-provider/checkout-settings.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'PORTONE_MERCHANT_CODE',
  },
  PORTONE_MERCHANT_CODE: {
    readBy: 'payment-provider/checkout-settings.ts',
    implies: 'nothing',
    for: ['payment:checkout'],
  },
  PORTONE_API_URL: {
    readBy: 'adapters/payment-provider/portone.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'PORTONE_SECRET_ARN',
  },
  // The channel cash receipts for sales outside PortOne are issued on (a refund by bank transfer's rest).
  PORTONE_RECEIPT_CHANNEL_KEY: {
    readBy: 'adapters/payment-provider/portone-receipts.ts',
    implies: 'nothing',
    for: ['payment:provider'],
  },
  PORTONE_SECRET_ARN: {
    readBy: 'adapters/payment-provider/portone.ts',
    implies: 'secret',
    for: ['payment:provider'],
  },
  PORTONE_API_KEY: { readBy: 'adapters/payment-provider/portone.ts', implies: 'nothing', localOnly: true },
  PORTONE_API_SECRET: { readBy: 'adapters/payment-provider/portone.ts', implies: 'nothing', localOnly: true },
  NAVER_PAY_PAGE_URL: {
    readBy: 'payment-provider/checkout-settings.ts',
    implies: 'nothing',
    for: ['payment:checkout'],
  },
  NAVER_PAY_API_URL: {
    readBy: 'adapters/payment-provider/naver-pay.ts',
    implies: 'nothing',
    for: ['payment:provider'],
  },
  NAVER_PAY_SECRET_ARN: {
    readBy: 'adapters/payment-provider/naver-pay.ts',
    implies: 'secret',
    for: ['payment:provider'],
  },
  NAVER_PAY_CLIENT_ID: {
    readBy: 'adapters/payment-provider/naver-pay.ts',
    implies: 'nothing',
    localOnly: true,
  },
  NAVER_PAY_CLIENT_SECRET: {
    readBy: 'adapters/payment-provider/naver-pay.ts',
    implies: 'nothing',
    localOnly: true,
  },
  NAVER_PAY_CHAIN_ID: {
    readBy: 'adapters/payment-provider/naver-pay.ts',
    implies: 'nothing',
    localOnly: true,
  },
  // The SMS service (SOLAPI, CoolSMS's v4 API): the order page's text, and the customer notices' 알림톡
  // with its SMS fallback from the registered sender (every function that sends customer mail).
  COOLSMS_SENDER: { readBy: 'adapters/sms.ts', implies: 'nothing', for: ['sms:send', 'mail:send'] },
  COOLSMS_API_URL: {
    readBy: 'adapters/sms.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'COOLSMS_SECRET_ARN',
  },
  COOLSMS_SECRET_ARN: { readBy: 'adapters/sms.ts', implies: 'secret', for: ['sms:send', 'mail:send'] },
  // The KakaoTalk business channel of the 알림톡 (pfId), its approved templates' ids, and the key of the
  // delivery report's address.
  ALIMTALK_SECRET_ARN: {
    readBy: 'notices/kakao-notices.ts',
    implies: 'secret',
    for: ['sms:send', 'mail:send'],
  },
  ALIMTALK_PF_ID: { readBy: 'notices/kakao-notices.ts', implies: 'nothing', localOnly: true },
  ALIMTALK_TEMPLATE_IDS: { readBy: 'notices/kakao-notices.ts', implies: 'nothing', localOnly: true },
  ALIMTALK_REPORT_KEY: { readBy: 'notices/kakao-notices.ts', implies: 'nothing', localOnly: true },
  COOLSMS_API_KEY: { readBy: 'adapters/sms.ts', implies: 'nothing', localOnly: true },
  COOLSMS_API_SECRET: { readBy: 'adapters/sms.ts', implies: 'nothing', localOnly: true },
  // Popbill (tax invoices, a business's state): the test bed on every stage but release.
  POPBILL_TEST_BED: { readBy: 'adapters/popbill.ts', implies: 'nothing', for: ['tax-invoice:issue'] },
  POPBILL_SECRET_ARN: { readBy: 'adapters/popbill.ts', implies: 'secret', for: ['tax-invoice:issue'] },
  POPBILL_API_URL: {
    readBy: 'adapters/popbill.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'POPBILL_SECRET_ARN',
  },
  POPBILL_AUTH_URL: {
    readBy: 'adapters/popbill.ts',
    implies: 'nothing',
    localOnly: true,
    beside: 'POPBILL_SECRET_ARN',
  },
  POPBILL_LINK_ID: { readBy: 'adapters/popbill.ts', implies: 'nothing', localOnly: true },
  POPBILL_SECRET_KEY: { readBy: 'adapters/popbill.ts', implies: 'nothing', localOnly: true },
  // The supplier of every tax invoice (the product's company, Popbill's member), JSON.
  TAX_INVOICE_SUPPLIER: { readBy: 'adapters/popbill.ts', implies: 'nothing', for: ['tax-invoice:issue'] },
  HOLIDAY_API_URL: { readBy: 'adapters/holidays.ts', implies: 'nothing', for: ['holidays:read'] },
  HOLIDAY_API_KEY: { readBy: 'adapters/holidays.ts', implies: 'nothing', for: ['holidays:read'] },
  FEEDBACK_BUCKET: {
    readBy: 'adapters/object-storage.ts',
    implies: 'bucket',
    for: ['feedback-bucket:read', 'feedback-bucket:write'],
  },
  RECORD_ARCHIVE_BUCKET: {
    readBy: 'adapters/object-storage.ts',
    implies: 'bucket',
    for: ['record-archive'],
  },
  CLOUD_PROJECT_BUCKET: {
    readBy: 'adapters/object-storage.ts',
    implies: 'bucket',
    for: ['cloud-project-bucket:read'],
  },
  SCHEDULE_GROUP_NAME: { readBy: 'adapters/scheduler.ts', implies: 'scheduler', for: ['scheduler'] },
  SCHEDULER_ROLE_ARN: { readBy: 'adapters/scheduler.ts', implies: 'scheduler', for: ['scheduler'] },
  [SCHEDULE_DEAD_LETTER_ARN_VARIABLE]: {
    readBy: 'adapters/scheduler.ts',
    implies: 'scheduler',
    for: ['scheduler'],
  },
} as const satisfies Record<string, Variable>;

/**
 * Variables named after a declared resource: one per queue (shared/jobs/queues.ts), schedule target and
 * dead-letter source (shared/attention/dead-letters.ts).
 */
export const ENVIRONMENT_FAMILIES = {
  QUEUE_URL_: { readBy: 'adapters/queue.ts', implies: 'queue', for: ['queue:bulk'] },
  SCHEDULE_TARGET_ARN_: { readBy: 'adapters/scheduler.ts', implies: 'scheduler', for: ['scheduler'] },
  DEAD_LETTER_ARN_: {
    readBy: 'attention/dead-letter-cases.ts',
    implies: 'nothing',
    for: ['dead-letter-consumer'],
  },
} as const satisfies Record<string, Variable>;

type Declared = Readonly<Record<string, Variable>>;
const DECLARED: Declared = ENVIRONMENT;
const FAMILIES: Declared = ENVIRONMENT_FAMILIES;

/** The declaration of a variable name: its own, or its family's. */
function declarationOf(name: string): Variable | undefined {
  if (Object.hasOwn(DECLARED, name)) return DECLARED[name];
  const family = Object.keys(FAMILIES).find((prefix) => name.startsWith(prefix));
  return family ? FAMILIES[family] : undefined;
}

/** A route's needs: its grants, and what its service and caller kind imply. */
export function routeNeeds(
  route: Pick<RouteDefinition, 'service' | 'caller' | 'grants' | 'role' | 'readOnly'>,
): Set<FunctionNeed> {
  const needs = new Set<FunctionNeed>(['function', 'route', ...(route.grants ?? [])]);
  if (route.service === 'auth') needs.add('identity-service');
  if (route.caller === 'user' || route.caller === 'admin') needs.add('token:verify');
  // The staff gate reads the member at every admin call; a staff write also appends its audit record.
  if (route.caller === 'admin') needs.add('table:read');
  if (isStaffWrite(route)) needs.add('table:write');
  return needs;
}

/** A queue consumer's or scheduled target's needs: its grants (targets'), and it always writes the table. */
export function jobNeeds(
  job: { grants?: readonly RouteGrant[] },
  ...more: FunctionNeed[]
): Set<FunctionNeed> {
  return new Set<FunctionNeed>(['function', 'table:write', ...(job.grants ?? []), ...more]);
}

/**
 * A deployed function's environment: every declared variable its needs call for, with the value the
 * deployment gives (`values`: each variable's value in the stage, a family's under its full names).
 * `unset` names what it needs and the deployment has no value for (a setting left out of the context).
 * A value for an undeclared or one-machine variable is a mistake, refused.
 */
export function functionEnvironment(
  needs: ReadonlySet<FunctionNeed>,
  values: Readonly<Record<string, string | undefined>>,
): { environment: Record<string, string>; unset: string[] } {
  const wanted = (variable: Variable | undefined) => Boolean(variable?.for?.some((need) => needs.has(need)));
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    const variable = declarationOf(name);
    if (!variable || variable.localOnly) throw new Error(`${name} is not a variable a deployment sets`);
    if (wanted(variable) && value !== undefined) environment[name] = value;
  }
  const unset = Object.keys(DECLARED).filter((name) => wanted(DECLARED[name]) && !(name in environment));
  return { environment, unset };
}

/**
 * The one machine's environment: every function runs in one process there, so it is the union of all
 * functions' variables, the one-machine ones included. A value for an undeclared variable is refused.
 */
export function localEnvironment(values: Readonly<Record<string, string>>): Record<string, string> {
  const undeclared = Object.keys(values).filter((name) => !declarationOf(name));
  if (undeclared.length > 0) throw new Error(`Undeclared environment variables: ${undeclared.join(', ')}`);
  return { ...values };
}
