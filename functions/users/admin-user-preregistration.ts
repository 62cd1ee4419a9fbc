import { adminUserPreregistration } from '../../shared/api/users.ts';
import { changePreregistration } from '../core/data/preregistration-repository.ts';
import { getUser } from '../core/data/user-repository.ts';
import { NotFound } from '../core/errors.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminUserPreregistration, async (input, context) => {
  if (!(await getUser(input.uid))) throw new NotFound(`User ${input.uid}`);
  const preregistration = await changePreregistration(
    input.uid,
    input.operation === 'create'
      ? { operation: 'create', discountPercent: input.discountPercent }
      : { operation: input.operation },
    {
      uid: input.uid,
      action: `preregistration.${input.operation}`,
      desc: input.desc,
      operator: operatorOf(context),
    },
  );
  return { preregistration };
});
