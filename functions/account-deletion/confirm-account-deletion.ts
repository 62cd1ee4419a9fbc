import { confirmAccountDeletion } from '../../shared/api/account-deletion.ts';
import { confirmDeletion } from '../core/account-deletion/account-deletion.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(
  confirmAccountDeletion,
  async ({ reauthentication }, { caller, sourceIp }) => {
    if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
    return { result: await confirmDeletion(caller.claims.uid, reauthentication, sourceIp) };
  },
);
