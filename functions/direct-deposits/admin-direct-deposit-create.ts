import { adminDirectDepositCreate } from '../../shared/api/direct-deposits.ts';
import { grantDirectDeposit, newDirectDepositId } from '../core/direct-deposits/direct-deposit.ts';
import { AdminError } from '../core/errors.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminDirectDepositCreate, async ({ depositId, ...deposit }, context) => {
  const outcome = await grantDirectDeposit(
    { ...deposit, depositId: depositId ?? newDirectDepositId() },
    { operator: operatorOf(context), action: 'direct-deposit.create' },
  );
  if (outcome.status === 'refused') throw new AdminError('conflict', outcome.reason);
  const { status, ...result } = outcome;
  return { result: { ...result, alreadyGranted: status === 'already-granted' } };
});
