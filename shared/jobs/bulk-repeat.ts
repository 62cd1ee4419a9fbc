import * as z from 'zod';

/**
 * A bulk grant or deposit sent again unchanged (the same accounts, amounts and desc) within this
 * window is refused unless the operator confirms the repeat (issue 19, defect 6): a finished job's
 * form sent twice would otherwise give everyone the grant or the deposit twice. Decision: ten
 * minutes, longer than the slowest job we measured (10,000 rows in about two minutes), whoever sent it.
 */
export const BULK_REPEAT_WINDOW_MS = 10 * 60_000;

/** The refusal's message (an i18n key; the console then asks whether to send it again). */
export const BULK_REPEAT_REFUSAL = 'console-shell:bulk.repeat_refused';

/** The field of a bulk call by which the operator confirms a repeat. */
export const BULK_REPEAT_FIELD = { confirmRepeat: z.boolean().default(false) };
