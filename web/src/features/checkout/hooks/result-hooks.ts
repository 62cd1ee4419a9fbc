import { useEffect, useState } from 'react';
import { PRODUCT_NAME } from '../../../../../shared/product.ts';
import type { PaymentFailureInfo } from '../../../lib/payment-failure.ts';
import { type PaymentOutcome, readOutcome } from '../payment-storage.ts';

/** The result pages' hooks: the tab's title, and what the payment left in the tab. */
export function useTitle(title: string) {
  useEffect(() => {
    document.title = `${PRODUCT_NAME} | ${title}`;
  }, [title]);
}

/** The outcome the pending page stored for this session (read once, in the browser). */
export function useOutcome(guid: string | undefined): PaymentOutcome | undefined | 'none' {
  const [outcome, setOutcome] = useState<PaymentOutcome | undefined | 'none'>();
  useEffect(() => setOutcome((guid && readOutcome(guid)) || 'none'), [guid]);
  return outcome;
}

/** The stored failure of a session's payment (the payment general error when none was stored). */
export function useFailure(guid: string | undefined): PaymentFailureInfo | undefined {
  const outcome = useOutcome(guid);
  if (outcome === undefined) return undefined;
  return outcome !== 'none' && outcome.kind === 'error' ? outcome : { errorCode: 'L02', errMsg: '' };
}
