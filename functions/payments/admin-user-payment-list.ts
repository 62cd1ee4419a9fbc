import { adminUserPaymentList } from '../../shared/api/payments.ts';
import { searchPayments } from '../core/payments/payment-search.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminUserPaymentList, (filter) => searchPayments(filter));
