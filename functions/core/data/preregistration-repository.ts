import { nowMs } from '../clock.ts';
import { Conflict } from '../errors.ts';
import { tableService } from './client.ts';
import {
  Preregistration as PreregistrationEntity,
  type PreregistrationItem,
} from './entities/preregistration.ts';
import { UserActivity } from './entities/user-activity.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';

const db = tableService({ preregistration: PreregistrationEntity, userActivity: UserActivity });

export type Preregistration = Pick<PreregistrationItem, 'discountPercent' | 'created' | 'used'>;

export async function getPreregistration(uid: string): Promise<Preregistration | undefined> {
  const { data } = await db().entities.preregistration.get({ uid }).go();
  return data ? { discountPercent: data.discountPercent, created: data.created, used: data.used } : undefined;
}

export type PreregistrationOperation =
  | { operation: 'create'; discountPercent: number }
  | { operation: 'use' }
  | { operation: 'reset' };

/**
 * One step of the preregistration coupon (none -> created -> used -> reset to unused), with the
 * operator's activity in the same transaction. A step the current state does not allow (create twice,
 * use a used coupon, reset an unused one, or use/reset none) is a Conflict and changes nothing.
 */
export async function changePreregistration(
  uid: string,
  step: PreregistrationOperation,
  activity: AdminActivity,
): Promise<Preregistration> {
  const { canceled } = await db()
    .transaction.write((entities) => {
      const { preregistration } = entities;
      const write =
        step.operation === 'create'
          ? preregistration.create({ uid, discountPercent: step.discountPercent, created: nowMs() }).commit()
          : step.operation === 'use'
            ? preregistration
                .patch({ uid })
                .set({ used: nowMs() })
                .where((attr, op) => op.notExists(attr.used))
                .commit()
            : preregistration
                .patch({ uid })
                .remove(['used'])
                .where((attr, op) => op.exists(attr.used))
                .commit();
      return [write, activityCommit(entities, activity)];
    })
    .go();
  if (canceled) {
    throw new Conflict(
      {
        create: 'The account already has a preregistration coupon',
        use: 'The account has no unused preregistration coupon',
        reset: 'The account has no used preregistration coupon',
      }[step.operation],
    );
  }
  const changed = await getPreregistration(uid);
  if (!changed) throw new Conflict('The preregistration coupon disappeared meanwhile');
  return changed;
}
