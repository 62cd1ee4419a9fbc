import { changePaymentSessionCurrency } from '../../../../../shared/api/orders.ts';
import type { Currency } from '../../../../../shared/currency.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { useSessionChange } from '../../checkout/index.ts';

export const useChangeSessionCurrency = (guid: string, isTest: boolean) =>
  useSessionChange<{ currency: Currency }>(
    guid,
    isTest,
    async (input) => (await callRoute(changePaymentSessionCurrency, input)).sessionInfo,
  );
