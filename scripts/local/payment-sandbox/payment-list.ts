import type { PaymentPageWire } from '../../../functions/core/adapters/payment-provider/portone-wire.ts';
import { ProviderFault } from './provider.ts';
import { nowSeconds, type SandboxStore, type StoredPayment } from './store.ts';

/**
 * GET /payments/status/{payment_status} as PortOne v1 answers it (its OpenAPI schema,
 * portone-io/developers.portone.io `src/schema/v1.openapi.yml`, operation getPaymentsByStatus; the
 * query as public clients send it: iamport-rest-client-php `example/payment/listStatus.php`):
 * - `payment_status`: all, ready, paid, cancelled or failed; anything else is refused (400);
 * - `from` and `to`: Unix seconds, both included; `to` defaults to now and `from` to 90 days before
 *   `to`, and the range may span at most 90 days. Which time is compared depends on each payment's
 *   status: ready by started_at, paid by paid_at, cancelled by cancelled_at, failed by failed_at (for
 *   `all`, each payment by its own status);
 * - `page` from 1 (default 1) and `limit` 1 to 1000 (default 20); a page beyond the matches is refused
 *   (400, "데이터 범위를 넘어선 page");
 * - `sorting`: -started (the default), started, -paid, paid, -updated, updated (the last status change);
 * - the answer `{total, previous, next, list}`, previous and next 0 when there is none; each payment as
 *   the lookup answers it, with `sandbox` set for test channels (every channel of the sandbox is one).
 */
const STATUSES = ['all', 'ready', 'paid', 'cancelled', 'failed'] as const;
const SORTINGS = ['-started', 'started', '-paid', 'paid', '-updated', 'updated'] as const;
const MAX_RANGE_SECONDS = 90 * 86_400;
const MAX_LIMIT = 1000;

type Wire = StoredPayment['wire'];

/** The time a payment is listed by for its status. */
function statusTime(wire: Wire): number {
  if (wire.status === 'paid') return wire.paid_at;
  if (wire.status === 'cancelled') return wire.cancelled_at;
  if (wire.status === 'failed') return wire.failed_at;
  return wire.started_at;
}

const updatedAt = (wire: Wire) => Math.max(wire.started_at, wire.paid_at, wire.failed_at, wire.cancelled_at);

const SORT_KEYS: Record<string, (wire: Wire) => number> = {
  started: (wire) => wire.started_at,
  paid: (wire) => wire.paid_at,
  updated: updatedAt,
};

function whole(name: string, text: string | null, fallback: number, min: number, max: number): number {
  if (text === null || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ProviderFault(400, -1, `${name} 파라메터가 올바르지 않습니다.`);
  return value;
}

export function listPaymentsByStatus(
  store: SandboxStore,
  status: string,
  query: URLSearchParams,
): PaymentPageWire {
  if (!(STATUSES as readonly string[]).includes(status))
    throw new ProviderFault(400, -1, '유효하지 않은 payment_status입니다.');
  const to = whole('to', query.get('to'), nowSeconds(), 0, Number.MAX_SAFE_INTEGER);
  const from = whole('from', query.get('from'), to - MAX_RANGE_SECONDS, 0, to);
  if (to - from > MAX_RANGE_SECONDS) throw new ProviderFault(400, -1, '검색기간은 최대 90일까지입니다.');
  const page = whole('page', query.get('page'), 1, 1, Number.MAX_SAFE_INTEGER);
  const limit = whole('limit', query.get('limit'), 20, 1, MAX_LIMIT);
  const sorting = query.get('sorting') || '-started';
  if (!(SORTINGS as readonly string[]).includes(sorting))
    throw new ProviderFault(400, -1, 'sorting 파라메터가 올바르지 않습니다.');
  const key = SORT_KEYS[sorting.replace('-', '')] as (wire: Wire) => number;
  const direction = sorting.startsWith('-') ? -1 : 1;
  const matches = [...store.payments.values()]
    .map((payment) => payment.wire)
    .filter((wire) => status === 'all' || wire.status === status)
    .filter((wire) => {
      const at = statusTime(wire);
      return at >= from && at <= to;
    })
    .sort((a, b) => direction * (key(a) - key(b)) || a.imp_uid.localeCompare(b.imp_uid));
  const pages = Math.max(1, Math.ceil(matches.length / limit));
  if (page > pages) throw new ProviderFault(400, -1, '데이터 범위를 넘어선 page입니다.');
  return {
    total: matches.length,
    previous: page > 1 ? page - 1 : 0,
    next: page < pages ? page + 1 : 0,
    list: matches.slice((page - 1) * limit, page * limit).map((wire) => ({ ...wire, sandbox: true })),
  };
}
