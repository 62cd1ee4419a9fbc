import { useMutation } from '@tanstack/react-query';
import { confirmAccountDeletion, deleteAccount } from '../../../../../shared/api/account-deletion.ts';
import type { RouteInput } from '../../../../../shared/api/define-route.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { callRoute } from '../../../lib/api-client.ts';
import { signOutOfSite } from '../../../lib/session-refresh.ts';

export type Reauthentication = RouteInput<typeof confirmAccountDeletion>['reauthentication'];

/** The fresh sign-in: a deletion token, and what keeps the account from being deleted yet. */
export function useConfirmDeletion(token: string) {
  return useMutation({
    mutationFn: async (reauthentication: Reauthentication) =>
      (await callRoute(confirmAccountDeletion, { reauthentication }, { token })).result,
  });
}

/** Deletes the account, then ends this browser's session (its refresh is refused from now on anyway). */
export function useDeleteAccount(token: string, language: SiteLanguage) {
  return useMutation({
    mutationFn: async (deletionToken: string) => {
      const { result } = await callRoute(deleteAccount, { deletionToken, language }, { token });
      await signOutOfSite().catch(() => undefined);
      return result;
    },
  });
}
