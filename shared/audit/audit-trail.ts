/**
 * The audit trail (issue 27): every staff write, staff sign-in and failed second factor, listed on the
 * console's Audit page. Shared by the server (which records and lists entries) and the console.
 */

/** done: the call succeeded; refused: it answered a refusal (role, input, state); failed: it failed after writing. */
export const AUDIT_OUTCOMES = ['done', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/**
 * The kinds of entry that are not an admin route (an admin route's entries are of its route name): sign-in
 * events of staff.
 */
export const AUDIT_EVENTS = [
  'staffSignIn',
  'secondFactorFailed',
  'secondFactorEnrolled',
  'recoveryCodeUsed',
  'invitationAccepted',
] as const;
export type AuditEvent = (typeof AUDIT_EVENTS)[number];

/** The longest period one audit list covers (its KST months are read one after another). */
export const AUDIT_PERIOD_MAX_DAYS = 400;
/** The period the Audit page shows when the address names none: the last 30 days. */
export const AUDIT_DEFAULT_DAYS = 30;

/** One field an entry changed: its value before and after, as JSON text (absent where there was none). */
export interface AuditChange {
  field: string;
  before?: string;
  after?: string;
}

/**
 * The fields that differ between the recorded before and after (each a JSON object, or absent): a field
 * whose value is the same on both sides is left out; a creation has only afters, a deletion only befores.
 */
export function auditChanges(before: string | undefined, after: string | undefined): AuditChange[] {
  const was = parseObject(before);
  const is = parseObject(after);
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])].sort();
  return fields.flatMap((field) => {
    const from = field in was ? JSON.stringify(was[field]) : undefined;
    const to = field in is ? JSON.stringify(is[field]) : undefined;
    if (from === to) return [];
    return [
      { field, ...(from === undefined ? {} : { before: from }), ...(to === undefined ? {} : { after: to }) },
    ];
  });
}

function parseObject(text: string | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { value: text };
  }
}

/**
 * How every audit entry's partition key begins (ElectroDB's `$service#attribute_value` of the entry's KST
 * month): the functions' IAM policy denies updating or deleting items under it (infra/bundling.ts
 * grantTable), and a test checks the entity's key against it.
 */
export const AUDIT_PARTITION_PREFIX = '$cutloom#auditmonth_';
