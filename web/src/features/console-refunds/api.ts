import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RouteInput } from '../../../../shared/api/define-route.ts';
import { adminCancelPayment, adminRefundInfo } from '../../../../shared/api/refunds.ts';
import { reschedulePayment, unsubscribePayment } from '../../../../shared/api/subscriptions.ts';
import { adminCall, adminKey } from '../../lib/console/admin-api.ts';
import { consoleSession } from '../../lib/console/console-session.ts';
import { userInfoKey } from '../console-users/index.ts';

/** The refund estimate for a requested instant; asked again whenever the date or the mode changes. */
export const useRefundEstimate = (input: RouteInput<typeof adminRefundInfo> | undefined) =>
  useQuery({
    queryKey: adminKey('refund-info', input),
    queryFn: () => adminCall(adminRefundInfo, input as RouteInput<typeof adminRefundInfo>),
    enabled: input !== undefined,
    retry: false,
  });

function useUserMutation<Input, Output>(uid: string, action: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: action,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoKey(uid) }),
  });
}

export const useRefund = (uid: string) =>
  useUserMutation(uid, (input: Omit<RouteInput<typeof adminCancelPayment>, 'uid'>) =>
    adminCall(adminCancelPayment, { uid, ...input }),
  );

/** Unsubscribe or resubscribe (reschedule-payment), requested by the signed-in operator. */
export const useSubscriptionAction = (uid: string, action: 'unsubscribe' | 'resubscribe') =>
  useUserMutation(uid, () =>
    adminCall(action === 'unsubscribe' ? unsubscribePayment : reschedulePayment, {
      uid,
      requestedBy: consoleSession()?.email ?? '',
    }),
  );
