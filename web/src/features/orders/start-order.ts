import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { choosePlan, isTestQuery, orderPagePath, type PaymentQuery } from '../../lib/order-session.ts';
import { paymentSessionKey } from './api/get-payment-session-info.ts';

/**
 * The pricing page's start button with a session guid (section 2): one call stores the chosen plan in
 * the session (the plan-change recompute) and then goes to the subscription or fixed-term order page
 * of that plan, which shows the recomputed session at once. Without a guid the start button opens the
 * payment-start sign-in modal instead (`?open=signIn&purpose=payment&plan=<planName>`), which opens
 * the session itself after sign-in.
 */
export function useStartOrder(lang: SiteLanguage) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { guid: string; planName: string; query?: PaymentQuery }) => {
      const isTest = isTestQuery(input.query ?? {});
      const sessionInfo = await choosePlan({ guid: input.guid, planName: input.planName, isTest });
      queryClient.setQueryData(paymentSessionKey(input.guid, isTest), sessionInfo);
      await navigate({ href: orderPagePath(lang, sessionInfo, input.query) });
    },
  });
}
