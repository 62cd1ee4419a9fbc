import { deleteAccount } from '../../shared/api/account-deletion.ts';
import { deleteAccount as deleteTheAccount } from '../core/account-deletion/account-deletion.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(deleteAccount, async ({ deletionToken, language }, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: await deleteTheAccount({ uid: caller.claims.uid, deletionToken, language }) };
});
