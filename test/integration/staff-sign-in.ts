import { inject } from 'vitest';
import { codeAt } from '../../functions/core/staff/totp.ts';
import { SEEDED_ACCOUNTS } from '../../scripts/local/seed.ts';
import { staffSecondFactor, staffSignIn } from '../../shared/api/staff.ts';
import { type Answer, type CallOptions, call, send } from './helpers.ts';

/**
 * A member of staff's console sign-in through the real routes: the password step, then the TOTP code of
 * the runtime's present (its test clock may have moved) computed from the member's secret. A code is good
 * once: a second sign-in of the same member in the same 30 seconds waits for the next step.
 */
export async function serverNow(options: CallOptions = {}): Promise<number> {
  const clock = await send(new URL('/_local/clock', options.baseUrl ?? inject('apiUrl')), { method: 'GET' });
  return Date.parse(clock.body.now);
}

export async function signInStaff(
  member: { email: string; password: string; totpSecret: string },
  options: CallOptions = {},
): Promise<Answer> {
  const step = await call(staffSignIn, { email: member.email, password: member.password }, options);
  if (step.status !== 200 || !step.body.staff) throw new Error(`staff sign-in: ${JSON.stringify(step.body)}`);
  const code = codeAt(member.totpSecret, await serverNow(options));
  return call(staffSecondFactor, { ticket: step.body.ticket, code }, options);
}

/** The seeded operator (an admin) signed in to a runtime: its console session's ID token. */
export async function operatorToken(options: CallOptions = {}): Promise<string> {
  const answer = await signInStaff(SEEDED_ACCOUNTS.operator, options);
  if (answer.status !== 200) throw new Error(`operator sign-in: ${JSON.stringify(answer.body)}`);
  return answer.body.session.idToken;
}
