/** What other features use of plans; anything else in this folder is its own. */
export { usePaymentPlanInfo } from './api/get-payment-plan-info.ts';
