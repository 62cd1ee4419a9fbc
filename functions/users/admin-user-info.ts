import { adminUserInfo } from '../../shared/api/users.ts';
import { getPreregistration } from '../core/data/preregistration-repository.ts';
import { listUserActivities } from '../core/data/user-activity-repository.ts';
import { getUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { kakaoNoticesForConsole } from '../core/notices/kakao-notices.ts';
import { userMoneySections } from '../core/payments/user-money.ts';
import { consentsForConsole } from '../core/renewal-consent/consent-answers.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { toUserDetail } from '../core/users/admin-users.ts';

/** Each section of the detail is read in parallel; later sections add their reads beside these. */
export const handler = defineHandler(adminUserInfo, async ({ uid }) => {
  const [user, preregistration, userActivities, money, renewalConsents, kakaoNotices] = await Promise.all([
    getUser(uid),
    getPreregistration(uid),
    listUserActivities(uid),
    userMoneySections(uid),
    consentsForConsole(uid),
    kakaoNoticesForConsole(uid),
  ]);
  if (!user) throw new NotFound(`User ${uid}`);
  return {
    user: toUserDetail(user),
    preregistration: preregistration ?? null,
    userActivities,
    ...money,
    renewalConsents,
    kakaoNotices,
  };
});
