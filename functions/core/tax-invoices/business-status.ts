import type { InvoiceFailure } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { type BusinessState, businessStatus, PopbillError } from '../adapters/popbill.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';

/**
 * Whether a business may receive a tax invoice, as the NTS reports its state through Popbill's status
 * check (ClosedownService, 휴폐업조회): checked when the buyer saves the details and again before each
 * invoice is issued. A closed business gets no invoice under its number; a suspended one, or a number
 * the NTS does not know, is refused too, for the buyer (or an operator) to settle. When the check itself
 * cannot answer (Popbill unreachable, the NTS not saying), the invoice is not held up: Popbill and the NTS
 * still refuse what they must.
 */
const REFUSED: Partial<Record<BusinessState, InvoiceFailure>> = {
  closed: 'business_closed',
  suspended: 'business_suspended',
  unregistered: 'business_unregistered',
};

export const BUSINESS_STATE_OF_FAILURE: Readonly<Record<string, 'closed' | 'suspended' | 'unregistered'>> = {
  business_closed: 'closed',
  business_suspended: 'suspended',
  business_unregistered: 'unregistered',
};

/** Why a business may not receive an invoice now, or undefined (operating, or the check could not say). */
export async function businessRefusal(
  corpNum: string,
): Promise<{ failure: InvoiceFailure; message: string } | undefined> {
  let found: Awaited<ReturnType<typeof businessStatus>>;
  try {
    found = await businessStatus(corpNum);
  } catch (error) {
    if (!(error instanceof PopbillError)) throw error;
    logger.warn('The business status check did not answer; going on without it', { error });
    return undefined;
  }
  const failure = REFUSED[found.state];
  return failure
    ? {
        failure,
        message: `The NTS reports the business ${found.state}${found.since ? ` since ${found.since}` : ''}`,
      }
    : undefined;
}

/** The details' business number checked before they are kept: a business that cannot be invoiced is refused. */
export async function checkBusinessOperating(corpNum: string): Promise<void> {
  const refusal = await businessRefusal(corpNum);
  if (refusal)
    throw new PaymentError('BUSINESS_NOT_OPERATING', refusal.message, {
      businessState: BUSINESS_STATE_OF_FAILURE[refusal.failure],
    });
}
