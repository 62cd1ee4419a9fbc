import { SCHEDULE_DEAD_LETTER_ARN_VARIABLE } from '../../shared/jobs/schedules.ts';

/**
 * Every environment variable the server code reads, declared once: which module reads it (through
 * settings.ts) and what it implies for a Lambda given it (a grant on a resource, a secret to read).
 * The CDK stacks set only declared variables, never a one-machine one (infra/stacks.test.ts); the
 * local runtime (scripts/local) sets the one-machine ones. settings.ts imports only the names' types,
 * so the table stays out of the handler bundles.
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
  DEAD_LETTER_ARN_: { readBy: 'attention/dead-letter-cases.ts', implies: 'nothing' },
} as const satisfies Record<string, Variable>;
