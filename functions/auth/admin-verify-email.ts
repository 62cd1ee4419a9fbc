import { adminVerifyEmail } from '../../shared/api/identity.ts';
import { getUser, updateUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminVerifyEmail, async (input) => {
  const user = await getUser(input.id);
  if (!user || user.deleted) throw new NotFound(`User ${input.id}`);
  await updateUser(user.uid, { emailVerified: true });
  return { result: 'success' as const };
});
