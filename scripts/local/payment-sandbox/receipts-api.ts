import type { ReceiptWire } from '../../../functions/core/adapters/payment-provider/portone-receipts.ts';
import { ProviderFault } from './provider.ts';
import { nowSeconds, randomDigits, type SandboxStore, type StoredPayment } from './store.ts';

/**
 * PortOne v1's cash receipt API over the sandbox's payments (developers.portone.io,
 * src/schema/v1.openapi.yml, `/receipts/{imp_uid}`), refusing what PortOne documents it refuses:
 * - POST issues for a paid cash payment (virtual account or transfer) the amount still paid (a partly
 *   cancelled payment's balance); 400 for a missing identifier, a payment that is not paid or not cash,
 *   a receipt already issued (and not cancelled); 404 for no such payment; 501 for a PG the API does not
 *   serve; 500 when the PG refuses it (a malformed identifier: the PG checks what PortOne passes on).
 * - GET answers the receipt, 404 when none was issued; DELETE cancels it, 400 when none is issued.
 * The sandbox's PG refuses a cash-receipt card number ending in 0500 the first time it is asked for a
 * payment (a transient failure, answered 500) and issues it when asked again.
 *
 * `/receipts/external/{merchant_uid}` (issueExternalReceipt, getExternalReceipt, revokeExternalReceipt)
 * issues for a cash sale made outside PortOne an amount the merchant names, on a channel it names
 * (`channel_key` required); 400 for a missing channel key, name, amount or identifier, an amount that is
 * not a positive whole number, a receipt already issued under the order number; 404 for a channel that is
 * not the merchant's; GET 404 and DELETE 400 when none is issued.
 */
/** The channel key of the sandbox merchant's receipt channel (the local runtime's PORTONE_RECEIPT_CHANNEL_KEY). */
export const SANDBOX_RECEIPT_CHANNEL_KEY = 'channel-key-sandbox-receipts';

type ExternalReceipt = ReceiptWire & { merchant_uid: string };

type WithReceipt = StoredPayment & {
  receipt?: ReceiptWire;
  receiptRefusals?: number;
  receiptRequests?: number;
};

/** The PGs whose cash receipts PortOne issues through POST /receipts/{imp_uid} (its schema's list). */
const RECEIPT_PGS = [
  'html5_inicis',
  'kcp',
  'nice',
  'kicc',
  'settle',
  'daou',
  'tosspayments',
  'ksnet',
  'smartro',
  'smartro_v2',
  'nice_v2',
  'welcome',
];
const CASH_METHODS = ['vbank', 'trans'];
const IDENTIFIER_TYPES = ['person', 'business', 'phone', 'taxcard'];
const TRANSIENT_REFUSAL_SUFFIX = '0500';

export class ReceiptsApi {
  constructor(private readonly store: SandboxStore) {}

  routeExternal(method: string, merchantUid: string, body: Record<string, unknown>): ReceiptWire {
    const issued = this.store.externalReceipts.get(merchantUid) as ExternalReceipt | undefined;
    const live = issued && !issued.cancelled_at ? issued : undefined;
    if (method === 'GET') {
      if (!issued) throw new ProviderFault(404, -1, '현금영수증 발행 내역이 존재하지 않습니다.');
      return issued;
    }
    if (method === 'DELETE') {
      if (!live) throw new ProviderFault(400, -1, '포트원으로 현금영수증이 발급된 적 없는 건입니다.');
      live.cancelled_at = nowSeconds();
      this.store.save();
      return live;
    }
    if (method !== 'POST') throw new ProviderFault(404, -1, `${method} /receipts/external: no such API`);
    if (!body.channel_key) throw new ProviderFault(400, -1, 'channel_key 파라미터가 누락되었습니다.');
    if (body.channel_key !== SANDBOX_RECEIPT_CHANNEL_KEY)
      throw new ProviderFault(404, -1, '존재하지 않는 채널입니다.');
    if (!String(body.name ?? '').trim()) throw new ProviderFault(400, -1, 'name 파라미터가 누락되었습니다.');
    const identifier = String(body.identifier ?? '').trim();
    if (!identifier) throw new ProviderFault(400, -1, 'identifier 파라미터가 누락되었습니다.');
    const amount = Number(body.amount);
    if (!Number.isInteger(amount) || amount <= 0)
      throw new ProviderFault(400, -1, 'amount 는 0보다 큰 정수여야 합니다.');
    if (body.type !== undefined && !['person', 'company'].includes(String(body.type)))
      throw new ProviderFault(400, -1, 'type 은 person, company 중 하나입니다.');
    if (live) throw new ProviderFault(400, -1, '이미 현금영수증이 발행된 거래건입니다.');
    if (!/^\d{10,19}$/.test(identifier))
      throw new ProviderFault(500, -1, '[PG사 발급실패] 현금영수증 발행대상 식별정보가 올바르지 않습니다.');
    const receipt: ExternalReceipt = {
      imp_uid: `external_${merchantUid}`,
      merchant_uid: merchantUid,
      receipt_tid: `sandbox_${randomDigits(12)}`,
      apply_num: randomDigits(9),
      type: String(body.type ?? 'person'),
      amount,
      vat: Math.round(amount / 11),
      receipt_url: `${process.env.SITE_URL ?? 'http://localhost'}/_local/payments/receipt?merchant_uid=${encodeURIComponent(merchantUid)}&cash=1`,
      applied_at: nowSeconds(),
      cancelled_at: 0,
    };
    this.store.externalReceipts.set(merchantUid, receipt);
    this.store.save();
    return receipt;
  }

  route(method: string, impUid: string, body: Record<string, unknown>): ReceiptWire {
    const payment = this.store.payments.get(impUid) as WithReceipt | undefined;
    if (method === 'GET') return this.lookUp(payment);
    if (!payment) throw new ProviderFault(404, -1, '존재하지 않는 결제정보입니다.');
    if (method === 'POST') return this.issue(payment, body);
    if (method === 'DELETE') return this.revoke(payment);
    throw new ProviderFault(404, -1, `${method} /receipts: no such API in the sandbox`);
  }

  private lookUp(payment: WithReceipt | undefined): ReceiptWire {
    if (!payment?.receipt) throw new ProviderFault(404, -1, '현금영수증 발행 내역이 존재하지 않습니다.');
    return payment.receipt;
  }

  private issue(payment: WithReceipt, body: Record<string, unknown>): ReceiptWire {
    const { wire } = payment;
    payment.receiptRequests = (payment.receiptRequests ?? 0) + 1;
    this.store.save();
    const identifier = String(body.identifier ?? '').trim();
    if (!identifier) throw new ProviderFault(400, -1, 'identifier 파라미터가 누락되었습니다.');
    if (body.identifier_type !== undefined && !IDENTIFIER_TYPES.includes(String(body.identifier_type)))
      throw new ProviderFault(400, -1, 'identifier_type 은 person, business, phone, taxcard 중 하나입니다.');
    if (body.type !== undefined && !['person', 'company'].includes(String(body.type)))
      throw new ProviderFault(400, -1, 'type 은 person, company 중 하나입니다.');
    if (!RECEIPT_PGS.includes(wire.pg_provider))
      throw new ProviderFault(501, -1, `${wire.pg_provider}: 현금영수증 발급을 지원하지 않는 PG사입니다.`);
    if (!CASH_METHODS.includes(wire.pay_method))
      throw new ProviderFault(400, -1, '현금성 거래(가상계좌, 계좌이체)가 아닌 결제건입니다.');
    if (wire.status !== 'paid') throw new ProviderFault(400, -1, '결제완료(paid) 상태가 아닌 결제건입니다.');
    if (payment.receipt && !payment.receipt.cancelled_at)
      throw new ProviderFault(400, -1, '이미 현금영수증이 발행된 거래건입니다.');
    if (!/^\d{10,19}$/.test(identifier))
      throw new ProviderFault(500, -1, '[PG사 발급실패] 현금영수증 발행대상 식별정보가 올바르지 않습니다.');
    if (
      body.identifier_type === 'taxcard' &&
      identifier.endsWith(TRANSIENT_REFUSAL_SUFFIX) &&
      !payment.receiptRefusals
    ) {
      payment.receiptRefusals = 1;
      this.store.save();
      throw new ProviderFault(500, -1, '[PG사 발급실패] 국세청 현금영수증 발급 처리 중 오류가 발생했습니다.');
    }
    const amount = wire.amount - wire.cancel_amount;
    payment.receipt = {
      imp_uid: wire.imp_uid,
      receipt_tid: `sandbox_${randomDigits(12)}`,
      apply_num: randomDigits(9),
      type: String(body.type ?? 'person'),
      amount,
      vat: Math.round(amount / 11),
      receipt_url: `${process.env.SITE_URL ?? 'http://localhost'}/_local/payments/receipt?imp_uid=${encodeURIComponent(wire.imp_uid)}&cash=1`,
      applied_at: nowSeconds(),
      cancelled_at: 0,
    };
    wire.cash_receipt_issued = true;
    this.store.save();
    return payment.receipt;
  }

  private revoke(payment: WithReceipt): ReceiptWire {
    if (!payment.receipt || payment.receipt.cancelled_at)
      throw new ProviderFault(400, -1, '포트원으로 현금영수증이 발급된 적 없는 건입니다.');
    payment.receipt.cancelled_at = nowSeconds();
    payment.wire.cash_receipt_issued = false;
    this.store.save();
    return payment.receipt;
  }
}

/** The receipts the sandbox holds, with how often each payment was asked to issue one (the developer page's JSON). */
export function sandboxReceipts(store: SandboxStore) {
  return [...store.payments.values()].flatMap((payment: WithReceipt) =>
    payment.receiptRequests
      ? [{ ...payment.receipt, imp_uid: payment.wire.imp_uid, requests: payment.receiptRequests }]
      : [],
  );
}
