import './payment-failure.css';
import type { PaymentFailureView } from '../lib/payment-failure.ts';

/** A failed payment on a fail page: its meaning, then the provider's words apart (lib/payment-failure.ts). */
export function PaymentFailureNote({ view }: { view: PaymentFailureView }) {
  return (
    <>
      <p role="alert">{view.message}</p>
      {view.detail ? (
        <p className="payment-failure-detail" data-testid="payment-failure-detail">
          {view.detail}
        </p>
      ) : null}
    </>
  );
}
