import { useMutation } from '@tanstack/react-query';
import { createPaymentSession } from '../../../lib/order-session.ts';

/** Opens a payment session for the signed-in account (create-init-payment). */
export const useCreateInitPayment = () => useMutation({ mutationFn: createPaymentSession });
