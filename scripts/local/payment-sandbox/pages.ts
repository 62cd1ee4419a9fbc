import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowMs } from '../../../functions/core/clock.ts';
import { CURRENCIES, type Currency, formatPrice } from '../../../shared/currency.ts';
import { type RequestPayParams, RequestPayParamsSchema } from '../../../shared/payments/checkout-contract.ts';
import { KEY_ISSUED_WITH_PAYMENT_PGS } from '../../../shared/payments/pay-methods.ts';
import { escapeHtml as e, readFields, redirect, sendHtml, sendJson } from '../http-helpers.ts';
import type { LocalEndpointHandler } from '../stand-in-context.ts';
import { NOTIFICATION_CONTENT_TYPES, type Notifier } from './notifications.ts';
import type { ProviderApi } from './portone-api.ts';
import { type CheckoutChoice, ProviderFault, type ProviderSandbox } from './provider.ts';
import { sandboxReceipts } from './receipts-api.ts';
import { SlowAnswerSchema, type SlowAnswers } from './slow-answers.ts';
import { RECEIPT_PATH, type SandboxStore, type StoredPayment } from './store.ts';
import { TEST_CARDS, UNKNOWN_CARD } from './test-cards.ts';
import type { WalletApi } from './wallet-api.ts';

/**
 * The sandbox's browser pages under /_local/payments: the checkout that stands in for the provider's
 * window, the wallet's registration page, and a developer page listing test cards, payments, billing
 * keys, wallet registrations and notifications, with a Deposit button per open virtual account. They
 * are developer tools, in English, not part of the product's UI.
 */
export const CHECKOUT_PATH = '/_local/payments/checkout';
export const WALLET_PAGE_PATH = '/_local/payments/naver-pay';
/**
 * Channels whose return to m_redirect_url carries only imp_uid and merchant_uid (PortOne's Toss Payments
 * and KSNET guides); any checkout can be made to return so with the page's "ids only" box, and an SDK
 * that no longer sends `success` does the same (PortOne's browser SDK readme).
 */
const IDS_ONLY_RETURN_PGS: readonly string[] = ['tosspayments', 'ksnet'];
const IDS_ONLY_FIELDS = ['imp_success', 'error_code', 'error_msg'];

/** Minutes after which the "deposits later" virtual account is paid in, on the test clock. */
const AUTO_DEPOSIT_MINUTES = 10;

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:980px;padding:0 1rem;color:#1d1d1f}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{background:#f3f3f3;padding:0 .2rem}.banner{background:#fff4d6;border:1px solid #e8c55a;padding:.5rem 1rem;border-radius:6px}
fieldset{border:1px solid #ccc;border-radius:6px;margin:1rem 0}label{display:block;margin:.25rem 0}button{font:inherit;padding:.4rem 1rem;margin-right:.5rem}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

function banner(text: string): string {
  return `<p class="banner">Developer sandbox: ${e(text)} Nothing is charged.</p>`;
}

function amountText(amount: number, currency: string): string {
  return CURRENCIES.includes(currency as Currency)
    ? formatPrice(amount, currency as Currency)
    : `${amount} ${currency}`;
}

function testCardOptions(name: string): string {
  return TEST_CARDS.map(
    (card, index) =>
      `<label><input type="radio" name="${name}" value="${card.number}"${index === 0 ? ' checked' : ''}> <code>${card.number.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> ${e(card.summary)}</label>`,
  ).join('');
}

function requestFromQuery(url: URL): ReturnType<typeof RequestPayParamsSchema.safeParse> {
  return RequestPayParamsSchema.safeParse(Object.fromEntries(url.searchParams));
}

function badRequest(res: ServerResponse, why: string): void {
  sendHtml(
    res,
    400,
    page(
      'Sandbox checkout',
      `${banner('the checkout refused this request.')}<h1>Bad request</h1><pre>${e(why)}</pre>`,
    ),
  );
}

function checkoutPage(params: RequestPayParams): string {
  // A channel that issues keys only with a payment (Paymentwall) charges the amount here.
  const issuing = params.customer_uid !== undefined;
  const keyOnly = issuing && !KEY_ISSUED_WITH_PAYMENT_PGS.includes(params.pg);
  const choices =
    params.pay_method === 'vbank'
      ? `<label><input type="radio" name="choice" value="vbank:${AUTO_DEPOSIT_MINUTES}" checked> Issue a virtual account; the customer deposits ${AUTO_DEPOSIT_MINUTES} minutes later (on the test clock)</label>
         <label><input type="radio" name="choice" value="vbank"> Issue a virtual account; deposit only with the Deposit button on <a href="/_local/payments">/_local/payments</a></label>`
      : testCardOptions('choice');
  return page(
    'Sandbox checkout',
    `${banner("this page stands in for the payment provider's window.")}
<h1>${e(params.name)}</h1>
<table>
<tr><th>Amount</th><td>${e(amountText(params.amount, params.currency))}${keyOnly ? ' (shown only: a billing key is issued, the server then charges it)' : issuing ? ' (charged now, with the billing key issued)' : ''}</td></tr>
<tr><th>Method</th><td><code>${e(params.pay_method)}</code> on channel <code>${e(params.pg)}</code></td></tr>
<tr><th>Order</th><td><code>${e(params.merchant_uid)}</code></td></tr>
${issuing ? `<tr><th>Billing key</th><td><code>${e(params.customer_uid)}</code></td></tr>` : ''}
<tr><th>Buyer</th><td>${e(params.buyer_name)} ${e(params.buyer_email)} ${e(params.buyer_tel)}</td></tr>
</table>
<form method="post" action="${CHECKOUT_PATH}">
<input type="hidden" name="request" value="${e(JSON.stringify(params))}">
<fieldset><legend>${params.pay_method === 'vbank' ? 'Virtual account' : 'Test card'}</legend>${choices}</fieldset>
<label><input type="checkbox" name="return" value="ids"${IDS_ONLY_RETURN_PGS.includes(params.pg) ? ' checked disabled' : ''}> Return only imp_uid and merchant_uid, as some channels do (no imp_success)</label>
<button type="submit" name="action" value="pay">${params.pay_method === 'vbank' ? 'Issue account' : 'Pay'}</button>
<button type="submit" name="action" value="abandon">Cancel payment</button>
</form>`,
  );
}

function walletPage(walletApi: WalletApi, reserveId: string): string | undefined {
  const reservation = walletApi.reservation(reserveId);
  if (!reservation) return undefined;
  return page(
    'Sandbox Naver Pay',
    `${banner("this page stands in for Naver Pay's recurring registration page.")}
<h1>${e(reservation.productName)}</h1>
<p>Each charge: ${e(amountText(reservation.totalPayAmount, 'KRW'))}. Reservation <code>${e(reserveId)}</code>.</p>
<form method="post" action="${WALLET_PAGE_PATH}">
<input type="hidden" name="reserveId" value="${e(reserveId)}">
<fieldset><legend>Card registered in the wallet (decides its charges)</legend>${testCardOptions('card')}</fieldset>
<button type="submit" name="action" value="register">Register</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>`,
  );
}

function time(seconds: number | null | undefined): string {
  return seconds ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : '';
}

/** The sales slip of a payment: what was paid, when, how, and what was cancelled since. */
function receiptPage(wire: StoredPayment['wire']): string {
  const rows: Array<[string, string]> = [
    ['Merchant order', wire.merchant_uid],
    ['Product', String(wire.name ?? '')],
    ['Amount', amountText(wire.amount, wire.currency)],
    ['Status', String(wire.status)],
    ['Paid at', time(wire.paid_at)],
    ['Method', `${wire.pay_method} / ${wire.pg_provider}`],
    ['Card', `${String(wire.card_name ?? '')} ${String(wire.card_number ?? '')}`.trim()],
    ['Cancelled', wire.cancel_amount ? amountText(wire.cancel_amount, wire.currency) : ''],
  ];
  const table = rows
    .filter(([, value]) => value)
    .map(([name, value]) => `<tr><th scope="row">${e(name)}</th><td>${e(value)}</td></tr>`)
    .join('');
  return page(
    'Sandbox receipt',
    `${banner('a sales slip of the sandbox PG.')}<h1>Receipt ${e(wire.imp_uid)}</h1><table>${table}</table>`,
  );
}

function developerPage(
  sandbox: ProviderSandbox,
  store: SandboxStore,
  notifier: Notifier,
  notificationUrl: string,
): string {
  const payments = [...store.payments.values()].sort((a, b) => b.wire.started_at - a.wire.started_at);
  const rows = payments
    .map(({ wire, depositAtMs }) => {
      const deposit =
        wire.pay_method === 'vbank' && wire.status === 'ready'
          ? `<form method="post" action="/_local/payments/deposit"><input type="hidden" name="imp_uid" value="${e(wire.imp_uid)}"><button>Deposit</button></form>${depositAtMs ? `auto at ${new Date(depositAtMs).toISOString()}` : ''}`
          : '';
      const vbank = wire.vbank_num
        ? `${e(wire.vbank_name)} ${e(wire.vbank_num)}<br>due ${time(wire.vbank_date)}`
        : '';
      return `<tr><td><code>${e(wire.imp_uid)}</code><br><code>${e(wire.merchant_uid)}</code></td><td>${e(wire.pay_method)} / ${e(wire.pg_provider)}</td><td>${e(amountText(wire.amount, wire.currency))}${wire.cancel_amount ? `<br>cancelled ${e(wire.cancel_amount)}` : ''}</td><td>${e(wire.status)}${wire.fail_reason ? `<br>${e(wire.fail_reason)}` : ''}</td><td>${vbank}</td><td>${deposit}</td></tr>`;
    })
    .join('');
  const keys = [...store.billingKeys.values()]
    .map(
      (key) =>
        `<tr><td><code>${e(key.wire.customer_uid)}</code></td><td>${e(key.wire.card_name)} ${e(key.wire.card_number)}</td><td>${key.charges}</td><td>${key.declineWith ? `declines [${e(key.declineWith)}]` : 'by its card'}</td><td><form method="post" action="/_local/payments/billing-keys/decline"><input type="hidden" name="customer_uid" value="${e(key.wire.customer_uid)}"><input name="code" value="${key.declineWith ? '' : 'CC66'}" size="6" aria-label="decline code (empty: charge by the card again)"><button>${key.declineWith ? 'Charge by card again' : 'Decline next charges'}</button></form></td></tr>`,
    )
    .join('');
  const recurrents = [...store.recurrents.values()]
    .map(
      (recurrent) =>
        `<tr><td><code>${e(recurrent.recurrentId)}</code></td><td><code>${e(recurrent.productCode)}</code></td><td>${e(recurrent.cardNumber)}</td><td>${recurrent.charges}</td><td>${recurrent.expired ? 'expired' : 'active'}</td></tr>`,
    )
    .join('');
  const deliveries = notifier
    .list()
    .map(
      (delivery) =>
        `<tr><td>${e(delivery.createdAt)}</td><td><code>${e(JSON.stringify(delivery.body))}</code></td><td>${e(delivery.url)}</td><td>${e(delivery.state)}${delivery.state === 'lost' ? '' : ` after ${delivery.attempts} attempt(s)`}${delivery.lastError ? `<br>${e(delivery.lastError)}` : ''}</td><td><form method="post" action="/_local/payments/notifications/resend"><input type="hidden" name="id" value="${delivery.id}"><button>Send again</button></form></td></tr>`,
    )
    .join('');
  const cards = [...TEST_CARDS, UNKNOWN_CARD]
    .map((card) => `<tr><td><code>${card.number || 'any other'}</code></td><td>${e(card.summary)}</td></tr>`)
    .join('');
  return page(
    'Payment sandbox',
    `${banner('the payment provider (PortOne v1 REST API and checkout) and Naver Pay recurring, on this machine.')}
<h1>Payment sandbox</h1>
<p>Server clock: ${new Date(nowMs()).toISOString()} (<a href="/_local/clock">/_local/clock</a> moves it). Notifications go to <code>${e(notificationUrl)}</code> unless a payment names its own <code>notice_url</code>, as PortOne sends them: once (resent ${notifier.policy.resends} time(s) after a failed delivery), for an approval, an issued virtual account and a deposit, never for a failed payment, for a cancel only with <code>enable_webhook</code>. ${Math.round(notifier.policy.dropShare * 100)} % of them are lost on the way.</p>
<form method="post" action="/_local/payments/notifications/policy"><label>Resends after a failed delivery <input name="resends" value="${notifier.policy.resends}" size="3"></label><label>Share lost (0 to 1) <input name="dropShare" value="${notifier.policy.dropShare}" size="4"></label><label>Content type (the console's setting) <select name="contentType">${NOTIFICATION_CONTENT_TYPES.map((type) => `<option${type === notifier.policy.contentType ? ' selected' : ''}>${type}</option>`).join('')}</select></label><button>Set</button></form>
<form method="post" action="/_local/payments/channels"><p>The merchant's channels are <b>${sandbox.testChannels ? 'test channels' : 'live channels'}</b>: ${sandbox.testChannels ? 'their payments and billing keys are marked <code>sandbox</code> and the lookup by imp_uid leaves them out unless asked (<code>include_sandbox=true</code>), as PortOne does; a release never confirms an order by one' : 'payments are not marked, as a release’s'}. <input type="hidden" name="test" value="${sandbox.testChannels ? 'false' : 'true'}"><button>Switch to ${sandbox.testChannels ? 'live' : 'test'} channels</button></p></form>
<h2>Test cards</h2><p>Every card-like method (card, KakaoPay, PAYCO, Naver Pay through the provider, PayPal, phone) and the wallet take these. Every checkout also has <b>Cancel payment</b>: the customer abandons.</p>
<table><tr><th>Number</th><th>What happens</th></tr>${cards}</table>
<h2>Payments</h2><table id="payments"><tr><th>imp_uid / merchant_uid</th><th>Method</th><th>Amount</th><th>Status</th><th>Virtual account</th><th></th></tr>${rows}</table>
<h2>Billing keys</h2><table id="billing-keys"><tr><th>customer_uid</th><th>Card</th><th>Charges</th><th>Next charges</th><th></th></tr>${keys}</table>
<h2>Naver Pay recurring registrations</h2><table><tr><th>recurrentId</th><th>Product</th><th>Card</th><th>Charges</th><th>State</th></tr>${recurrents}</table>
<h2>Notifications</h2><table id="notifications"><tr><th>When</th><th>Body</th><th>To</th><th>Delivery</th><th></th></tr>${deliveries}</table>
<p>The same as JSON: <a href="/_local/payments.json">/_local/payments.json</a>.</p>`,
  );
}

function wantsHtml(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded');
}

/** The /_local/ endpoints of the sandbox, by "METHOD path". */
export function sandboxPages(deps: {
  sandbox: ProviderSandbox;
  walletApi: WalletApi;
  store: SandboxStore;
  notifier: Notifier;
  notificationUrl: string;
  providerApi: ProviderApi;
  slowAnswers: SlowAnswers;
}): Record<string, LocalEndpointHandler> {
  const { sandbox, walletApi, store, notifier, notificationUrl, providerApi, slowAnswers } = deps;
  const url = (req: IncomingMessage) => new URL(req.url ?? '/', 'http://localhost');
  return {
    [`GET ${CHECKOUT_PATH}`]: (req, res) => {
      const parsed = requestFromQuery(url(req));
      if (!parsed.success) return badRequest(res, parsed.error.message);
      if (parsed.data.customer_uid && parsed.data.pay_method === 'vbank') {
        return badRequest(res, 'A virtual account cannot issue a billing key (customer_uid).');
      }
      sendHtml(res, 200, checkoutPage(parsed.data));
    },
    [`POST ${CHECKOUT_PATH}`]: async (req, res) => {
      const fields = await readFields(req);
      let request: unknown;
      try {
        request = JSON.parse(String(fields.request ?? ''));
      } catch {
        return badRequest(res, 'The form lost its request.');
      }
      const parsed = RequestPayParamsSchema.safeParse(request);
      if (!parsed.success) return badRequest(res, parsed.error.message);
      const choiceText = String(fields.choice ?? '');
      const choice: CheckoutChoice =
        fields.action === 'abandon'
          ? { kind: 'abandon' }
          : choiceText.startsWith('vbank')
            ? {
                kind: 'vbank',
                ...(choiceText.includes(':')
                  ? { depositAfterMinutes: Number(choiceText.split(':')[1]) }
                  : {}),
              }
            : { kind: 'card', number: choiceText };
      const back = new URL(parsed.data.m_redirect_url);
      const idsOnly = fields.return === 'ids' || IDS_ONLY_RETURN_PGS.includes(parsed.data.pg);
      for (const [name, value] of Object.entries(sandbox.checkout(parsed.data, choice))) {
        if (value !== undefined && !(idsOnly && IDS_ONLY_FIELDS.includes(name)))
          back.searchParams.set(name, value);
      }
      redirect(res, back.toString());
    },
    [`GET ${WALLET_PAGE_PATH}`]: (req, res) => {
      const html = walletPage(walletApi, url(req).searchParams.get('reserveId') ?? '');
      if (html) sendHtml(res, 200, html);
      else sendHtml(res, 404, page('Sandbox Naver Pay', '<h1>No such reservation</h1>'));
    },
    [`POST ${WALLET_PAGE_PATH}`]: async (req, res) => {
      const fields = await readFields(req);
      const reserveId = String(fields.reserveId ?? '');
      if (!walletApi.reservation(reserveId)) {
        return sendHtml(res, 404, page('Sandbox Naver Pay', '<h1>No such reservation</h1>'));
      }
      redirect(
        res,
        walletApi
          .register(reserveId, fields.action === 'cancel' ? undefined : String(fields.card ?? ''))
          .toString(),
      );
    },
    [`GET ${RECEIPT_PATH}`]: (req, res) => {
      const stored = store.payments.get(url(req).searchParams.get('imp_uid') ?? '');
      if (!stored) return sendHtml(res, 404, page('Sandbox receipt', '<h1>No such payment</h1>'));
      sendHtml(res, 200, receiptPage(stored.wire));
    },
    'GET /_local/payments': (_req, res) =>
      sendHtml(res, 200, developerPage(sandbox, store, notifier, notificationUrl)),
    'GET /_local/payments.json': (_req, res) => {
      sandbox.settleDue();
      sendJson(res, 200, {
        notificationUrl,
        testChannels: sandbox.testChannels,
        tokensIssued: providerApi.tokensIssued,
        payments: [...store.payments.values()].map((payment) => payment.wire),
        refundsToAccounts: [...store.payments.values()].flatMap((payment) =>
          (payment.refundsToAccounts ?? []).map((refund) => ({
            imp_uid: payment.wire.imp_uid,
            merchant_uid: payment.wire.merchant_uid,
            ...refund,
          })),
        ),
        receipts: sandboxReceipts(store),
        externalReceipts: [...store.externalReceipts.values()],
        billingKeys: [...store.billingKeys.values()].map((key) => ({
          ...key.wire,
          charges: key.charges,
          declineWith: key.declineWith ?? null,
        })),
        recurrents: [...store.recurrents.values()],
        walletPayments: [...store.walletPayments.values()],
        notifications: notifier.list(),
        slowAnswers: slowAnswers.list(),
      });
    },
    'POST /_local/payments/slow': async (req, res) => {
      const parsed = SlowAnswerSchema.safeParse(await readFields(req));
      if (!parsed.success)
        return sendJson(res, 400, {
          message:
            'path is a path of the sandbox API (/subscribe/payments/again; ending in * for every path it starts), delayMs a whole number of milliseconds from 1 to 120000, times a whole number from 1 (default 1), method optional',
          issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
        });
      sendJson(res, 201, slowAnswers.arm(parsed.data));
    },
    'DELETE /_local/payments/slow': (_req, res) => sendJson(res, 200, { dropped: slowAnswers.clear() }),
    'POST /_local/payments/notifications/policy': async (req, res) => {
      const fields = await readFields(req);
      const resends = Number(fields.resends ?? notifier.policy.resends);
      const dropShare = Number(fields.dropShare ?? notifier.policy.dropShare);
      const contentType = String(fields.contentType ?? notifier.policy.contentType);
      if (
        !Number.isInteger(resends) ||
        resends < 0 ||
        !(dropShare >= 0 && dropShare <= 1) ||
        !(NOTIFICATION_CONTENT_TYPES as readonly string[]).includes(contentType)
      ) {
        return sendJson(res, 400, {
          message: `resends is a whole number >= 0, dropShare between 0 and 1, contentType one of ${NOTIFICATION_CONTENT_TYPES.join(', ')}`,
        });
      }
      Object.assign(notifier.policy, { resends, dropShare, contentType });
      if (wantsHtml(req)) redirect(res, '/_local/payments');
      else sendJson(res, 200, notifier.policy);
    },
    'POST /_local/payments/channels': async (req, res) => {
      const test = String((await readFields(req)).test ?? '');
      if (test !== 'true' && test !== 'false')
        return sendJson(res, 400, { message: 'test is true (test channels) or false (live channels)' });
      sandbox.testChannels = test === 'true';
      if (wantsHtml(req)) redirect(res, '/_local/payments');
      else sendJson(res, 200, { testChannels: sandbox.testChannels });
    },
    'POST /_local/payments/naver-pay/cancels/defer-next': async (req, res) => {
      const paymentId = String((await readFields(req)).paymentId ?? '');
      if (!walletApi.deferNextCancel(paymentId))
        return sendJson(res, 404, { message: 'No such paid wallet payment' });
      sendJson(res, 200, { deferNextCancel: paymentId });
    },
    'POST /_local/payments/notifications/lose': async (req, res) => {
      const merchantUid = String((await readFields(req)).merchant_uid ?? '');
      if (!merchantUid) return sendJson(res, 400, { message: 'merchant_uid is required' });
      notifier.loseOrder(merchantUid);
      sendJson(res, 200, { lost: merchantUid });
    },
    'POST /_local/payments/cancels/refuse-next': async (req, res) => {
      const merchantUid = String((await readFields(req)).merchant_uid ?? '');
      if (!merchantUid) return sendJson(res, 400, { message: 'merchant_uid is required' });
      sandbox.refuseNextCancel(merchantUid);
      sendJson(res, 200, { refuseNextCancel: merchantUid });
    },
    'POST /_local/payments/notifications/resend': async (req, res) => {
      const delivery = notifier.resend(Number((await readFields(req)).id));
      if (!delivery) return sendJson(res, 404, { message: 'No such notification' });
      if (wantsHtml(req)) redirect(res, '/_local/payments');
      else sendJson(res, 200, delivery);
    },
    'POST /_local/payments/revoke-tokens': (_req, res) => {
      providerApi.revokeTokens();
      sendJson(res, 200, { revoked: true });
    },
    'POST /_local/payments/deposit': async (req, res) => {
      const fields = await readFields(req);
      try {
        const payment = sandbox.deposit(String(fields.imp_uid ?? ''));
        if (wantsHtml(req)) redirect(res, '/_local/payments');
        else sendJson(res, 200, payment.wire);
      } catch (error) {
        if (!(error instanceof ProviderFault)) throw error;
        sendJson(res, error.status, { message: error.message });
      }
    },
    'POST /_local/payments/billing-keys/decline': async (req, res) => {
      const fields = await readFields(req);
      try {
        const code = String(fields.code ?? '').trim();
        const key = sandbox.setBillingKeyDecline(String(fields.customer_uid ?? ''), code || undefined);
        if (wantsHtml(req)) redirect(res, '/_local/payments');
        else sendJson(res, 200, { ...key.wire, declineWith: key.declineWith ?? null });
      } catch (error) {
        if (!(error instanceof ProviderFault)) throw error;
        sendJson(res, error.status, { message: error.message });
      }
    },
  };
}
