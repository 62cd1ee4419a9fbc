import { adminUserPaymentList } from '../../shared/api/admin-payments.ts';
import { searchPayments } from '../core/admin/payment-search.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUserPaymentList, (filter) => searchPayments(filter));
