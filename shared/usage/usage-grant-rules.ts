import * as z from 'zod';
import { BULK_REPEAT_FIELD } from '../jobs/bulk-repeat.ts';
import { adminDescRule } from '../users/admin-user-rules.ts';

/**
 * The usage grant (admin-console.md section 5, "Usage grant"): an operator adjusts an account's current
 * monthly counters. A negative amount gives quota back (the counter goes down: more is left this month);
 * a positive amount uses quota up and needs allowPlus. STT is entered in minutes (the form's sttMin) and
 * counted in seconds. Each message is an i18n key of the console's usage namespace, whose texts are the
 * specification's: 'This field should be number', 'One of this field should be non-zero.', 'Plus value
 * is not allowed. To do that, turn on AllowPlus value (with caution).'
 */
export const USAGE_GRANT_MESSAGES = {
  number: 'console-usage:validation.number',
  nonZero: 'console-usage:validation.non_zero',
  plusNotAllowed: 'console-usage:validation.plus_not_allowed',
  noUids: 'console-usage:validation.no_uids',
  tooMany: 'console-usage:validation.too_many',
} as const;

/** Why a bulk grant's item was refused (its reason in the failures table, an i18n key). */
export const USAGE_GRANT_REFUSALS = {
  noAccount: 'console-usage:refusal.no_account',
} as const;

/**
 * Spec: bulk usage travels in batches of 300 uids (shared/jobs/queues.ts). One job takes at most this
 * many: the request stays small (about 300 KB of e-mails) and a job finishes in minutes.
 */
export const BULK_USAGE_GRANT_MAX = 10_000;

/** A grant may move a counter by at most this much at once (a typo of extra zeros is refused). */
export const USAGE_GRANT_MAX = 100_000_000;

const amount = z
  .number({ message: USAGE_GRANT_MESSAGES.number })
  .int(USAGE_GRANT_MESSAGES.number)
  .min(-USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES.number)
  .max(USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES.number);

/** STT is entered in minutes, decimals allowed (2.5 minutes), and counted in whole seconds. */
const minutes = z
  .number({ message: USAGE_GRANT_MESSAGES.number })
  .min(-USAGE_GRANT_MAX / 60, USAGE_GRANT_MESSAGES.number)
  .max(USAGE_GRANT_MAX / 60, USAGE_GRANT_MESSAGES.number);

const GRANT_FIELDS = {
  allowPlus: z.boolean().default(false),
  sttMin: minutes,
  tts: amount,
  translate: amount,
  genimage: amount,
  desc: adminDescRule,
};
type GrantFields = z.output<z.ZodObject<typeof GRANT_FIELDS>>;

/**
 * The checks across the amounts. They run even while another field is wrong (every problem at once,
 * issue 19 defect 7), so an amount that is no number yet is left to its own message.
 */
function checkGrantAmounts(grant: GrantFields, context: z.RefinementCtx): void {
  const fields = ['sttMin', 'tts', 'translate', 'genimage'] as const;
  const amounts = fields.map((field) => [field, grant[field]] as const);
  if (amounts.every(([, value]) => value === 0)) {
    for (const field of fields) {
      context.addIssue({
        // Stryker disable next-line StringLiteral: zod's issue code, read by nothing; the path and the message are the rule
        code: 'custom',
        path: [field],
        message: USAGE_GRANT_MESSAGES.nonZero,
      });
    }
  }
  if (grant.allowPlus !== true) {
    for (const [field, value] of amounts)
      if (typeof value === 'number' && value > 0) {
        context.addIssue({
          // Stryker disable next-line StringLiteral: zod's issue code, read by nothing; the path and the message are the rule
          code: 'custom',
          path: [field],
          message: USAGE_GRANT_MESSAGES.plusNotAllowed,
        });
      }
  }
}
const EVERY_TIME = { when: () => true };

export const usageGrantAmountsRule = z.object(GRANT_FIELDS).superRefine(checkGrantAmounts, EVERY_TIME);
export type UsageGrantAmounts = z.output<typeof usageGrantAmountsRule>;

/** The counter movements of a grant, per metered type (STT converted to seconds). */
export function grantDeltas(grant: Pick<UsageGrantAmounts, 'sttMin' | 'tts' | 'translate' | 'genimage'>) {
  return {
    STT: Math.round(grant.sttMin * 60),
    TTS: grant.tts,
    TRANSLATE: grant.translate,
    GENIMAGE: grant.genimage,
  } as const;
}

/** The bulk usage call: the same amounts and desc for every listed uid or e-mail (a repeat confirmed). */
export const bulkUsageGrantRule = z
  .object({
    uidOrEmails: z
      .array(z.string().trim().min(1).max(254))
      .min(1, USAGE_GRANT_MESSAGES.noUids)
      .max(BULK_USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES.tooMany),
    ...GRANT_FIELDS,
    ...BULK_REPEAT_FIELD,
  })
  .superRefine(checkGrantAmounts, EVERY_TIME);
export type BulkUsageGrantInput = z.output<typeof bulkUsageGrantRule>;
