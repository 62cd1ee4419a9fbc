import { cancelPaymentUser } from '../../shared/api/refunds.ts';
import { defineHandler } from '../core/pipeline.ts';
import { cancelPaymentUser as refund } from '../core/refunds/user-refund.ts';

export const handler = defineHandler(cancelPaymentUser, async (input) => ({ result: await refund(input) }));
