import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkCurrencyOption } from '../../../../../shared/api/orders.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';

/** Asked only for Korean (section 5); a failure simply offers no choice. */
export const currencyOptionQuery = (language: SiteLanguage) =>
  queryOptions({
    queryKey: ['currency-option', language],
    queryFn: async () =>
      (await callRoute(checkCurrencyOption, { language }).catch(() => ({ show: false }))).show,
    staleTime: Number.POSITIVE_INFINITY,
    enabled: language === 'ko',
  });

export const useCurrencyOptionShown = (language: SiteLanguage) =>
  useQuery(currencyOptionQuery(language)).data ?? false;
