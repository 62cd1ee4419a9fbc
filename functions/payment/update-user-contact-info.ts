import { updateUserContactInfo } from '../../shared/api/admin-payments.ts';
import { updateContactInfo } from '../core/admin/contact-info.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(updateUserContactInfo, async (input, context) => ({
  result: await updateContactInfo({ ...input, operator: operatorOf(context) }),
}));
