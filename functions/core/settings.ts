import { SCHEDULE_DEAD_LETTER_ARN_VARIABLE } from '../../shared/jobs/schedules.ts';

/**
 * Every environment variable the server code reads, declared once: which module reads it and what
 * it implies for a Lambda that is given it (a grant on a resource, a secret to read). This module is
 * the only reader of the environment (settings.test.ts fails on a read elsewhere in functions/ and
 * events/); the CDK stacks set only declared variables (infra/stacks.test.ts) and the local runtime
 * (scripts/local) sets the one-machine ones. Values are read on use, once per container where cached.
 */
type Implies = 'table' | 'secret' | 'queue' | 'bucket' | 'stream' | 'scheduler' | 'mail' | 'nothing';

interface Variable {
  readBy: string;
  implies: Implies;
  /** Set only on one machine (an endpoint of a stand-in, a sandbox's credentials, the test clock). */
  localOnly?: true;
}

export const ENVIRONMENT = {
  STAGE: { readBy: 'settings.stage, clock.ts, observability.ts', implies: 'nothing' },
  AWS_REGION: { readBy: 'settings.region (set by Lambda itself)', implies: 'nothing' },
  AWS_LAMBDA_MAX_CONCURRENCY: { readBy: 'observability.ts (set by Lambda itself)', implies: 'nothing' },
  LOG_LEVEL: { readBy: 'logger.ts', implies: 'nothing' },
  POWERTOOLS_SERVICE_NAME: { readBy: 'Powertools itself (logger.ts, observability.ts)', implies: 'nothing' },
  POWERTOOLS_METRICS_NAMESPACE: { readBy: 'Powertools itself (observability.ts)', implies: 'nothing' },
  TABLE_NAME: { readBy: 'data/service.ts', implies: 'table' },
  DYNAMODB_ENDPOINT: { readBy: 'data/client.ts', implies: 'nothing', localOnly: true },
  SITE_URL: { readBy: 'identity, mails and payment links', implies: 'nothing' },
  MAIL_FROM: { readBy: 'adapters/mail.ts', implies: 'mail' },
  SES_ENDPOINT: { readBy: 'adapters/mail.ts', implies: 'nothing', localOnly: true },
  GOOGLE_CLIENT_ID: { readBy: 'identity/google-sign-in.ts', implies: 'nothing' },
  GOOGLE_AUTHORIZE_URL: { readBy: 'identity/google-sign-in.ts', implies: 'nothing', localOnly: true },
  GOOGLE_TOKENINFO_URL: { readBy: 'identity/google-sign-in.ts', implies: 'nothing', localOnly: true },
  GOOGLE_USERINFO_URL: { readBy: 'identity/google-sign-in.ts', implies: 'nothing', localOnly: true },
  ID_TOKEN_SECRET: { readBy: 'identity/signing-secret.ts', implies: 'nothing', localOnly: true },
  ID_TOKEN_SECRET_ARN: { readBy: 'identity/signing-secret.ts', implies: 'secret' },
  TEST_CLOCK_OFFSET_MS: { readBy: 'clock.ts', implies: 'nothing', localOnly: true },
  ORIGIN_SECRET: { readBy: 'pipeline.ts', implies: 'nothing' },
  ANALYTICS_STREAM_NAME: { readBy: 'adapters/analytics-sink.ts', implies: 'stream' },
  PAYMENT_CHECKOUT_URL: {
    readBy: 'payment-provider/checkout-settings.ts',
    implies: 'nothing',
    localOnly: true,
  },
  PORTONE_MERCHANT_CODE: { readBy: 'payment-provider/checkout-settings.ts', implies: 'nothing' },
  PORTONE_API_URL: { readBy: 'adapters/payment-provider/portone.ts', implies: 'nothing', localOnly: true },
  PORTONE_SECRET_ARN: { readBy: 'adapters/payment-provider/portone.ts', implies: 'secret' },
  PORTONE_API_KEY: { readBy: 'adapters/payment-provider/portone.ts', implies: 'nothing', localOnly: true },
  PORTONE_API_SECRET: { readBy: 'adapters/payment-provider/portone.ts', implies: 'nothing', localOnly: true },
  NAVER_PAY_PAGE_URL: { readBy: 'payment-provider/checkout-settings.ts', implies: 'nothing' },
  NAVER_PAY_API_URL: { readBy: 'adapters/payment-provider/naver-pay.ts', implies: 'nothing' },
  NAVER_PAY_SECRET_ARN: { readBy: 'adapters/payment-provider/naver-pay.ts', implies: 'secret' },
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
  COOLSMS_SENDER: { readBy: 'adapters/sms.ts', implies: 'nothing' },
  COOLSMS_API_URL: { readBy: 'adapters/sms.ts', implies: 'nothing', localOnly: true },
  COOLSMS_SECRET_ARN: { readBy: 'adapters/sms.ts', implies: 'secret' },
  COOLSMS_API_KEY: { readBy: 'adapters/sms.ts', implies: 'nothing', localOnly: true },
  COOLSMS_API_SECRET: { readBy: 'adapters/sms.ts', implies: 'nothing', localOnly: true },
  HOLIDAY_API_URL: { readBy: 'adapters/holidays.ts', implies: 'nothing' },
  HOLIDAY_API_KEY: { readBy: 'adapters/holidays.ts', implies: 'nothing' },
  SQS_ENDPOINT: { readBy: 'adapters/queue.ts', implies: 'nothing', localOnly: true },
  S3_ENDPOINT: { readBy: 'adapters/object-storage.ts', implies: 'nothing', localOnly: true },
  FEEDBACK_BUCKET: { readBy: 'adapters/object-storage.ts', implies: 'bucket' },
  CLOUD_PROJECT_BUCKET: { readBy: 'adapters/object-storage.ts', implies: 'bucket' },
  SCHEDULER_ENDPOINT: { readBy: 'adapters/scheduler.ts', implies: 'nothing', localOnly: true },
  SCHEDULE_GROUP_NAME: { readBy: 'adapters/scheduler.ts', implies: 'scheduler' },
  SCHEDULER_ROLE_ARN: { readBy: 'adapters/scheduler.ts', implies: 'scheduler' },
  [SCHEDULE_DEAD_LETTER_ARN_VARIABLE]: { readBy: 'adapters/scheduler.ts', implies: 'scheduler' },
} as const satisfies Record<string, Variable>;

/** Variables named after a declared resource: one per queue (shared/jobs/queues.ts) and schedule target. */
export const ENVIRONMENT_FAMILIES = {
  QUEUE_URL_: { readBy: 'adapters/queue.ts', implies: 'queue' },
  SCHEDULE_TARGET_ARN_: { readBy: 'adapters/scheduler.ts', implies: 'scheduler' },
} as const satisfies Record<string, Variable>;

export type VariableName = keyof typeof ENVIRONMENT | `${keyof typeof ENVIRONMENT_FAMILIES}${string}`;

/** A declared variable's value; an empty value counts as unset. */
export function environment(name: VariableName): string | undefined {
  return process.env[name] || undefined;
}

export function requiredEnvironment(name: VariableName): string {
  const value = environment(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

export const settings = {
  get tableName(): string {
    return requiredEnvironment('TABLE_NAME');
  },
  /** Set only on one machine: the DynamoDB Local endpoint. */
  get dynamoEndpoint(): string | undefined {
    return environment('DYNAMODB_ENDPOINT');
  },
  get region(): string {
    return environment('AWS_REGION') ?? 'ap-northeast-2';
  },
  /** The site's origin, e.g. https://cutloom.app: the base of the links the product mails. */
  get siteUrl(): string {
    return requiredEnvironment('SITE_URL').replace(/\/$/, '');
  },
  /** The sender of the product's mails (an SES-verified identity). */
  get mailFrom(): string {
    return requiredEnvironment('MAIL_FROM');
  },
  /** Google sign-in: our OAuth client and the provider's endpoints (the local sandbox on one machine). */
  get google() {
    return {
      clientId: requiredEnvironment('GOOGLE_CLIENT_ID'),
      authorizeUrl: environment('GOOGLE_AUTHORIZE_URL') ?? 'https://accounts.google.com/o/oauth2/v2/auth',
      tokenInfoUrl: environment('GOOGLE_TOKENINFO_URL') ?? 'https://oauth2.googleapis.com/tokeninfo',
      userInfoUrl: environment('GOOGLE_USERINFO_URL') ?? 'https://openidconnect.googleapis.com/v1/userinfo',
    };
  },
  /** Deployment stage: 'local', 'dev' or 'release'. */
  get stage(): string {
    return environment('STAGE') ?? 'local';
  },
};
