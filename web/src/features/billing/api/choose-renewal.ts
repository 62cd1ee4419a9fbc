import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelRenewal, resumeRenewal } from '../../../../../shared/api/billing.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';

export type RenewalChoice = 'cancel' | 'resume';

/** Cancels the renewal at period end, or resumes it; the mail goes out in the page's language. */
export const chooseRenewal = (token: string, choice: RenewalChoice, language: SiteLanguage) =>
  callRoute(choice === 'cancel' ? cancelRenewal : resumeRenewal, { language }, { token });

/** The choice, then the page's plan read again (its state, next charge and buttons follow). */
export function useChooseRenewal(token: string, language: SiteLanguage) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choice: RenewalChoice) => chooseRenewal(token, choice, language),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['billing', token] }),
  });
}
