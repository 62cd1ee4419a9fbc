/** What the console's other screens use of the refund screen: the refund account's fields, and a refusal's reading. */
export { RefundAccountFields } from './components/RefundAccountFields.tsx';
export { refundRefusalView } from './refund-refusals.ts';
