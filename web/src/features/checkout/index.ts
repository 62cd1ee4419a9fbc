/**
 * The checkout kit: what the payment pages (order, upgrade, usage eraser, change card, refund, billing)
 * share. The result pages' components and the pages' query schemas are the routes' to import.
 */
export { useSessionFollowsLanguage } from './api/change-payment-session-language.ts';
export { useChangeSessionPlan } from './api/change-payment-session-plan.ts';
export {
  fetchPaymentSessionInfo,
  paymentSessionQuery,
  usePaymentSession,
} from './api/get-payment-session-info.ts';
export {
  fetchBillingKeyPayment,
  fetchInsertPaymentProgress,
  fetchPaymentResult,
  fetchWalletEnrolment,
} from './api/payment-calls.ts';
export { Checklist, firstUnticked } from './components/Checklist.tsx';
export { ErrorSummary, type FieldProblem } from './components/ErrorSummary.tsx';
export { AGREEMENT_KEYS, AgreementChecklist, ContactSection } from './components/OrderSections.tsx';
export { PayMethodCards, payMethodInputId } from './components/PayMethodCards.tsx';
export { PlanSelectionForm } from './components/PlanSelectionForm.tsx';
export { failure, failureOf, untilSettled, withRetries } from './confirmation-retries.ts';
export { clientCodeOf, clientErrorText, paymentTime, price } from './format.ts';
export { useFailure, useOutcome, useTitle } from './hooks/result-hooks.ts';
export { useSessionChange } from './hooks/use-session-change.ts';
export type { PaymentOutcome } from './payment-storage.ts';
export { progressFor, read, readProgress, saveOutcome, saveProgress, write } from './payment-storage.ts';
export { resultPagePath } from './result-pages.ts';
