import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfoKey } from './get-user-info.ts';

/** An action on one account: when it succeeds, the detail (and its activities) is read again. */
export function useUserAction<Input, Output>(uid: string, action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
  });
}
