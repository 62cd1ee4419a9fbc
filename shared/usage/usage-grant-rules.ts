import * as z from 'zod';
import { adminDescRule } from '../identity/admin-user-rules.ts';

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
} as const;

/** A grant may move a counter by at most this much at once (a typo of extra zeros is refused). */
export const USAGE_GRANT_MAX = 100_000_000;

const amount = z
  .number({ message: USAGE_GRANT_MESSAGES.number })
  .int(USAGE_GRANT_MESSAGES.number)
  .min(-USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES.number)
  .max(USAGE_GRANT_MAX, USAGE_GRANT_MESSAGES.number);

export const usageGrantAmountsRule = z
  .object({
    allowPlus: z.boolean().default(false),
    sttMin: amount,
    tts: amount,
    translate: amount,
    genimage: amount,
    desc: adminDescRule,
  })
  .superRefine((grant, context) => {
    const fields = ['sttMin', 'tts', 'translate', 'genimage'] as const;
    if (fields.every((field) => grant[field] === 0)) {
      for (const field of fields)
        context.addIssue({ code: 'custom', path: [field], message: USAGE_GRANT_MESSAGES.nonZero });
    }
    if (!grant.allowPlus) {
      for (const field of fields)
        if (grant[field] > 0)
          context.addIssue({ code: 'custom', path: [field], message: USAGE_GRANT_MESSAGES.plusNotAllowed });
    }
  });
export type UsageGrantAmounts = z.output<typeof usageGrantAmountsRule>;

/** The counter movements of a grant, per metered type (STT converted to seconds). */
export function grantDeltas(grant: Pick<UsageGrantAmounts, 'sttMin' | 'tts' | 'translate' | 'genimage'>) {
  return {
    STT: grant.sttMin * 60,
    TTS: grant.tts,
    TRANSLATE: grant.translate,
    GENIMAGE: grant.genimage,
  } as const;
}
