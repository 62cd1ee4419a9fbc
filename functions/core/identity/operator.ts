import type { Operator } from '../data/user-activity-repository.ts';
import { AdminError } from '../errors.ts';
import type { RouteContext } from '../pipeline.ts';

/** The operator calling an admin route (the pipeline verified the token before the handler ran). */
export function operatorOf(context: Pick<RouteContext, 'caller'>): Operator {
  const { caller } = context;
  if (caller.kind !== 'admin') throw new AdminError('invalid_token', 'Not an admin call');
  return { uid: caller.claims.uid, email: caller.claims.email };
}
