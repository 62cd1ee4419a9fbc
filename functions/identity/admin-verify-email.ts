import { adminVerifyEmail } from '../../shared/api/identity.ts';
import { getUser, verifyEmailByOperator } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminVerifyEmail, async (input, context) => {
  const user = await getUser(input.id);
  if (!user || user.deleted) throw new NotFound(`User ${input.id}`);
  await verifyEmailByOperator(user.uid, {
    uid: user.uid,
    action: 'email.verify',
    desc: user.email,
    operator: operatorOf(context),
  });
  return { result: 'success' as const };
});
