import * as z from 'zod';
import { type RouteDefinition, STAFF_ROLES, type StaffRole } from '../api/define-route.ts';

export { STAFF_ROLES, type StaffRole };

/**
 * Whether a staff member of `role` may call a route that needs `needed`: an admin calls everything, a
 * viewer route (a read) is open to every role, any other route to its own role. The pipeline, the
 * authorization matrix and the console's buttons all ask this one function.
 */
export function roleAllows(role: StaffRole, needed: StaffRole): boolean {
  return role === 'admin' || needed === 'viewer' || role === needed;
}

/** Whether the signed-in role may call this route (a route that is not an admin route: yes). */
export function canCall(
  role: StaffRole | undefined,
  route: Pick<RouteDefinition, 'caller' | 'role'>,
): boolean {
  if (route.caller !== 'admin') return true;
  return role !== undefined && route.role !== undefined && roleAllows(role, route.role);
}

/**
 * A staff write: an admin route that is neither a viewer's nor declared read-only. The pipeline records
 * every call of one in the audit trail (functions/core/audit/).
 */
export function isStaffWrite(route: Pick<RouteDefinition, 'caller' | 'role' | 'readOnly'>): boolean {
  return route.caller === 'admin' && route.role !== 'viewer' && !route.readOnly;
}

/** What is wrong with the route table's staff declarations (empty when nothing): the routes test fails on any. */
export function routeTableProblems(
  routes: readonly Pick<RouteDefinition, 'name' | 'caller' | 'role' | 'readOnly'>[],
): string[] {
  return routes.flatMap((route) => {
    if (route.caller === 'admin')
      return route.role && STAFF_ROLES.includes(route.role)
        ? []
        : [`${route.name}: an admin route declares the staff role it needs`];
    return route.role || route.readOnly
      ? [`${route.name}: only admin routes declare a role or readOnly`]
      : [];
  });
}

/**
 * The support role's bound on a bulk usage grant: at most this many accounts in one request (admins have
 * none). A config entry (the console's Configs), so an admin changes it without a deployment; without the
 * entry the default holds.
 */
export const SUPPORT_BULK_GRANT_CONFIG = 'support-bulk-grant-limit';
export const SUPPORT_BULK_GRANT_DEFAULT = 100;
export const SupportBulkGrantLimitSchema = z.number().int().min(0).max(100_000);

/** A staff member's state: invited (no password yet), active, or disabled (signed out and refused). */
export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];
