import { adminUserInfo } from '../../shared/api/admin-users.ts';
import { userMoneySections } from '../core/admin/user-money.ts';
import { getPreregistration } from '../core/data/preregistration-repository.ts';
import { listUserActivities } from '../core/data/user-activity-repository.ts';
import { getUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { toUserDetail } from '../core/identity/admin-users.ts';
import { defineHandler } from '../core/pipeline.ts';

/** Each section of the detail is read in parallel; later sections add their reads beside these. */
export const handler = defineHandler(adminUserInfo, async ({ uid }) => {
  const [user, preregistration, userActivities, money] = await Promise.all([
    getUser(uid),
    getPreregistration(uid),
    listUserActivities(uid),
    userMoneySections(uid),
  ]);
  if (!user) throw new NotFound(`User ${uid}`);
  return { user: toUserDetail(user), preregistration: preregistration ?? null, userActivities, ...money };
});
