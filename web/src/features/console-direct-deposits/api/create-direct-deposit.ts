import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminBulkDirectDepositCreate,
  adminDirectDepositCreate,
} from '../../../../../shared/api/direct-deposits.ts';
import type {
  BulkDirectDepositInput,
  DirectDepositInput,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';
import { userInfoKey } from '../../console-users/index.ts';

export const createDirectDeposit = (input: DirectDepositInput) => adminCall(adminDirectDepositCreate, input);

/** Queues a bulk direct deposit; the page follows the job with the console's bulk-job progress. */
export const bulkDirectDeposit = (input: BulkDirectDepositInput) =>
  adminCall(adminBulkDirectDepositCreate, input);

/** One account's deposit; the account's detail (its plans and activities) is read again after it. */
export function useCreateDirectDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDirectDeposit,
    onSuccess: (_answer, input) => queryClient.invalidateQueries({ queryKey: userInfoKey(input.uid) }),
  });
}
