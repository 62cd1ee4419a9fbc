import { adminUserCreate } from '../../shared/api/admin-users.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { newUid } from '../core/identity/accounts.ts';
import { createOneUser } from '../core/identity/admin-users.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUserCreate, async ({ info }, context) => {
  const user = await createOneUser(info, operatorOf(context), newUid());
  return { result: { uid: user.uid } };
});
