import type { RouteDefinition } from '../../../shared/api/define-route.ts';
import { isStaffWrite, roleAllows } from '../../../shared/staff/staff-roles.ts';
import { recordedCall, recordRefusal } from '../audit/audit-recorder.ts';
import { getStaffMember } from '../data/staff-repository.ts';
import { AdminError } from '../errors.ts';
import type { IdTokenClaims } from '../identity/id-token.ts';
import type { CallFacts, RouteContext, StaffCaller, StaffGate } from '../pipeline.ts';

/**
 * Whether a token names a session that passed the second factor: a password alone never gets past the
 * gate, whatever else the token says (functions/core/staff/second-factor.ts issues the only such tokens).
 */
export function passedSecondFactor(claims: IdTokenClaims): boolean {
  return Boolean(claims.amr?.includes('otp'));
}

/**
 * The staff member behind an admin call, admitted to the route or refused: the token must come from a
 * sign-in with the second factor; the member is read at every call (one consistent read), so a disabled
 * member, a session ended by a reset and a changed role take effect at once, not when the token expires.
 * A role refused a staff write leaves an audit record of the attempt.
 */
export async function admitStaff(
  route: RouteDefinition,
  claims: IdTokenClaims,
  facts: CallFacts,
): Promise<StaffCaller> {
  if (!passedSecondFactor(claims))
    throw new AdminError(
      'invalid_level',
      'Admin routes need a console session signed in with the second factor',
    );
  const member = await getStaffMember(claims.uid);
  if (!member || member.status === 'invited')
    throw new AdminError('invalid_level', 'This account is not a member of staff');
  if (member.status === 'disabled') throw new AdminError('invalid_token', 'This staff account is disabled');
  // Token times are whole seconds: a token of the very second the sessions ended is still taken.
  if ((claims.issuedAt ?? 0) < Math.floor(member.sessionsEndedAt / 1000))
    throw new AdminError('invalid_token', 'This session has ended: sign in again');
  const staff: StaffCaller = { uid: member.uid, email: member.email, role: member.role };
  if (!route.role || !roleAllows(member.role, route.role)) {
    if (isStaffWrite(route)) await recordRefusal({ kind: route.name, staff, facts }, 'insufficient_role');
    throw new AdminError('insufficient_role', `This needs the ${route.role ?? 'admin'} role`);
  }
  return staff;
}

export const staffGate: StaffGate = {
  admit: admitStaff,
  record: (route, call, run, codeOf) => recordedCall({ kind: route.name, ...call }, run, codeOf),
};

/** The member of staff calling an admin route (the gate admitted them before the handler ran). */
export function staffOf(context: Pick<RouteContext, 'caller'>): StaffCaller {
  if (context.caller.kind !== 'admin') throw new AdminError('invalid_token', 'Not an admin call');
  return context.caller.staff;
}
