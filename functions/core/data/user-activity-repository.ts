import { randomBytes } from 'node:crypto';
import type { AdminActionName } from '../../../shared/users/admin-actions.ts';
import { nowMs } from '../clock.ts';
import { tableService } from './client.ts';
import { UserActivity as UserActivityEntity, type UserActivityItem } from './entities/user-activity.ts';

const db = tableService({ userActivity: UserActivityEntity });

/** The operator behind an admin call: the verified claims of their ID token. */
export interface Operator {
  uid: string;
  email: string;
}

/** One admin action on one account, as its activity records it. */
export interface AdminActivity {
  uid: string;
  action: AdminActionName;
  /** The operator's reason, or a short account of what was done when the action asks for none. */
  desc: string;
  operator: Operator;
}

export type UserActivity = Pick<
  UserActivityItem,
  'activityId' | 'created' | 'action' | 'desc' | 'operatorUid' | 'operatorEmail'
>;

/** The most recent activities shown on a user detail. */
export const USER_ACTIVITY_LIMIT = 500;

type TransactionEntities = Parameters<Parameters<ReturnType<typeof db>['transaction']['write']>[0]>[0];

function activityItem(activity: AdminActivity): UserActivityItem {
  const created = nowMs();
  return {
    uid: activity.uid,
    activityId: `${created}-${randomBytes(6).toString('base64url')}`,
    created,
    action: activity.action,
    desc: activity.desc,
    operatorUid: activity.operator.uid,
    operatorEmail: activity.operator.email,
  };
}

/** The activity as one write of a transaction: put it beside the action's own writes. */
export function activityCommit(
  { userActivity }: Pick<TransactionEntities, 'userActivity'>,
  activity: AdminActivity,
) {
  return userActivity.create(activityItem(activity)).commit();
}

/**
 * Records an admin action on an account. Call it after an action that is not a table write (a mail
 * sent, a link signed); actions that write the table put `activityCommit` in their transaction.
 */
export async function recordUserActivity(activity: AdminActivity): Promise<void> {
  await db().entities.userActivity.create(activityItem(activity)).go();
}

/** An account's activities, newest first. */
export async function listUserActivities(uid: string): Promise<UserActivity[]> {
  const { data } = await db()
    .entities.userActivity.query.byUser({ uid })
    .go({ order: 'desc', limit: USER_ACTIVITY_LIMIT, pages: 'all' });
  return data.map(({ activityId, created, action, desc, operatorUid, operatorEmail }) => ({
    activityId,
    created,
    action,
    desc,
    operatorUid,
    operatorEmail,
  }));
}
