import { changePaymentSessionAccountType } from '../../../../../shared/api/orders.ts';
import type { AccountType } from '../../../../../shared/plans/plans-offered.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../../checkout/index.ts';

export const useChangeSessionAccountType = (guid: string, isTest: boolean) =>
  useSessionChange<{ accountType: AccountType }>(
    guid,
    isTest,
    async (input) => (await callRoute(changePaymentSessionAccountType, input)).sessionInfo,
  );
