import { updateUserContactInfo } from '../../shared/api/payments.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { updateContactInfo } from '../core/payments/contact-info.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(updateUserContactInfo, async (input, context) => ({
  result: await updateContactInfo({ ...input, operator: operatorOf(context) }),
}));
