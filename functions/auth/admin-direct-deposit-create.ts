import { adminDirectDepositCreate } from '../../shared/api/admin-direct-deposits.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { AdminError } from '../core/errors.ts';
import { grantDirectDeposit, newDirectDepositId } from '../core/orders/direct-deposit.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminDirectDepositCreate, async ({ depositId, ...deposit }, context) => {
  const outcome = await grantDirectDeposit(
    { ...deposit, depositId: depositId ?? newDirectDepositId() },
    { operator: operatorOf(context), action: 'direct-deposit.create' },
  );
  if (outcome.status === 'refused') throw new AdminError('conflict', outcome.reason);
  const { status, ...result } = outcome;
  return { result: { ...result, alreadyGranted: status === 'already-granted' } };
});
