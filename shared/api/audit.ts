import * as z from 'zod';
import { AUDIT_OUTCOMES } from '../audit/audit-trail.ts';
import { STAFF_ROLES } from '../staff/staff-roles.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The audit trail's list (issue 27): newest first, a page at a time, by KST period and optionally a member
 * of staff (uid or e-mail), a target id and a kind (an admin route's name or a sign-in event). One index
 * query per list: the target's, else the staff member's, else the kind's, else the period's months; the
 * other filters keep its rows.
 */
const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const AuditEntrySchema = z.object({
  entryId: z.string(),
  at: z.number(),
  kind: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  errorCode: z.string().optional(),
  staffUid: z.string(),
  staffEmail: z.string(),
  staffRole: z.enum(STAFF_ROLES).optional(),
  targetId: z.string().optional(),
  targetIds: z.array(z.string()),
  changes: z.array(
    z.object({ field: z.string(), before: z.string().optional(), after: z.string().optional() }),
  ),
  requestId: z.string().optional(),
  sourceAddress: z.string().optional(),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditFilterSchema = z.object({
  /** KST days, both included; the end defaults to today, the start to 30 days before the end. */
  from: Day.optional(),
  to: Day.optional(),
  /** A member of staff: uid, or e-mail address. */
  staff: z.string().trim().min(1).max(254).optional(),
  target: z.string().trim().min(1).max(254).optional(),
  kind: z.string().trim().min(1).max(100).optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

export const adminAuditList = defineRoute({
  name: 'adminAuditList',
  service: 'auth',
  method: 'POST',
  path: '/admin-audit-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    'The audit trail, newest first, a page at a time (`cursor`): every staff write, staff sign-in and failed ' +
    'second factor of a KST period (at most 400 days), by staff member, target and kind',
  request: AuditFilterSchema.extend(ListPageRequestShape),
  response: z.object({ entries: z.array(AuditEntrySchema), ...ListPageAnswerShape }),
  handler: 'audit/admin-audit-list',
  grants: ['table:read'],
});

export const auditRoutes = [adminAuditList] as const;
