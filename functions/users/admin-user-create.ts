import { adminUserCreate } from '../../shared/api/users.ts';
import { newUid } from '../core/identity/accounts.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { createOneUser } from '../core/users/admin-users.ts';

export const handler = defineHandler(adminUserCreate, async ({ info }, context) => {
  const user = await createOneUser(info, operatorOf(context), newUid());
  return { result: { uid: user.uid } };
});
