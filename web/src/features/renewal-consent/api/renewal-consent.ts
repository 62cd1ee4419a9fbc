import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  answerRenewalConsentByLink,
  answerUserRenewalConsent,
  renewalConsentByLink,
  userRenewalConsent,
} from '../../../../../shared/api/renewal-consent.ts';
import { callRoute } from '../../../lib/api-client.ts';

export type ConsentChoice = 'consent' | 'decline';

/** The consent the signed-in account's renewal asks for (null when none): the billing page's section. */
export function useAccountConsent(token: string) {
  return useQuery({
    queryKey: ['renewal-consent', token],
    queryFn: async () => (await callRoute(userRenewalConsent, {}, { token })).result,
    retry: false,
  });
}

/** Answers it on the billing page; the page's plan is read again (what it shows may follow). */
export function useAnswerAccountConsent(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: ConsentChoice) =>
      (await callRoute(answerUserRenewalConsent, { choice }, { token })).result,
    onSuccess: (answered) => {
      queryClient.setQueryData(['renewal-consent', token], answered);
      void queryClient.invalidateQueries({ queryKey: ['billing', token] });
    },
  });
}

/** The consent a mail's link asks about (the link's token is the credential). */
export function useLinkConsent(linkToken: string) {
  return useQuery({
    queryKey: ['renewal-consent-link', linkToken],
    queryFn: async () => (await callRoute(renewalConsentByLink, { token: linkToken })).result,
    retry: false,
  });
}

export function useAnswerLinkConsent(linkToken: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (choice: ConsentChoice) =>
      (await callRoute(answerRenewalConsentByLink, { token: linkToken, choice })).result,
    onSuccess: (answered) => queryClient.setQueryData(['renewal-consent-link', linkToken], answered),
  });
}
