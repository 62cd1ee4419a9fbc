/** What other features use of orders; anything else in this folder is its own. */
export { useSessionFollowsLanguage } from './api/change-payment-session-language.ts';
export { useChangeSessionPlan } from './api/change-payment-session-plan.ts';
export {
  fetchPaymentSessionInfo,
  paymentSessionKey,
  usePaymentSession,
} from './api/get-payment-session-info.ts';
export {
  fetchBillingKeyPayment,
  fetchInsertPaymentProgress,
  fetchPaymentResult,
} from './api/payment-calls.ts';
export { Checklist } from './components/Checklist.tsx';
export { AgreementChecklist, ContactSection } from './components/OrderSections.tsx';
export { PayMethodCards } from './components/PayMethodCards.tsx';
export { useFailure, useOutcome, useTitle } from './components/PaymentResult.tsx';
export { PlanSelectionForm } from './components/PlanSelectionForm.tsx';
export { failure, failureOf, untilSettled, withRetries } from './confirmation-retries.ts';
export { clientCodeOf, clientErrorText, paymentTime, price } from './format.ts';
export { resultPagePath } from './hooks/use-pay.ts';
export type { PaymentOutcome } from './payment-storage.ts';
export { progressFor, read, readProgress, saveOutcome, saveProgress, write } from './payment-storage.ts';
