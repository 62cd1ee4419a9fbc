import { ApiError } from '../../lib/api-client.ts';
import { type AccountProblems, refusedAccountProblem } from '../../lib/refund-ways.ts';

/**
 * A refund's refusal the console can say better than by its code (issue 30; the admin answer keeps the
 * refusal's fields beside invalid_argument and conflict): the bank's refusal of the account, at its
 * field; a refund no way can take; the payment company's own refusal, in its words.
 */
export type RefundRefusalView =
  | { account: AccountProblems }
  | { key: string; values?: Record<string, string> };

export function refundRefusalView(error: unknown): RefundRefusalView | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const { reason, refusal, providerMessage } = error.details;
  const account = refusedAccountProblem(reason);
  if (account) return { account };
  if (typeof refusal === 'string') return { key: `console-refunds:refusal.${refusal}` };
  if (typeof providerMessage === 'string')
    return { key: 'console-refunds:refused_by_provider', values: { providerMessage } };
  return undefined;
}
