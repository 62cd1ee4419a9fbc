import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readFields, sendJson } from '../http-helpers.ts';
import { listPaymentsByStatus } from './payment-list.ts';
import { ProviderFault, type ProviderSandbox } from './provider.ts';
import { ReceiptsApi } from './receipts-api.ts';
import { nowSeconds, type SandboxStore } from './store.ts';

export interface ProviderCredentials {
  apiKey: string;
  apiSecret: string;
}

/**
 * The provider's REST API (PortOne v1) over the sandbox: the `{code, message, response}` envelope,
 * access tokens from POST /users/getToken accepted as `Authorization: Bearer …` (or the older bare
 * token and X-ImpTokenHeader), 401 without one, 404 for what does not exist.
 */
export class ProviderApi {
  private readonly tokens = new Map<string, number>();
  /** How many access tokens were issued (tests check the adapter reuses them). */
  tokensIssued = 0;

  constructor(
    private readonly sandbox: ProviderSandbox,
    private readonly store: SandboxStore,
    private readonly credentials: ProviderCredentials,
    private readonly tokenLifetimeSeconds: number,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const reply = (status: number, code: number, message: string | null, response: unknown) =>
      sendJson(res, status, { code, message, response });
    try {
      const body = await readFields(req);
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /users/getToken') {
        reply(200, 0, null, this.issueToken(body));
        return;
      }
      if (!this.authorized(req)) {
        reply(401, -1, 'Unauthorized', null);
        return;
      }
      this.sandbox.settleDue();
      reply(200, 0, null, await this.route(req.method ?? 'GET', url, body));
    } catch (error) {
      if (!(error instanceof ProviderFault)) throw error;
      reply(error.status, error.code, error.message, null);
    }
  }

  private issueToken(body: Record<string, unknown>) {
    if (body.imp_key !== this.credentials.apiKey || body.imp_secret !== this.credentials.apiSecret) {
      throw new ProviderFault(401, -1, 'imp_key, imp_secret 파라미터가 누락되었거나 잘못되었습니다.');
    }
    const now = nowSeconds();
    // As the provider does: the same token while it has more than a minute left.
    for (const [token, expiresAt] of this.tokens) {
      if (expiresAt - now > 60) return { access_token: token, now, expired_at: expiresAt };
    }
    const token = randomBytes(20).toString('hex');
    this.tokens.set(token, now + this.tokenLifetimeSeconds);
    this.tokensIssued += 1;
    return { access_token: token, now, expired_at: now + this.tokenLifetimeSeconds };
  }

  /** Ends every token early, as a revoked key or a clock skew would (the adapter must get a new one). */
  revokeTokens(): void {
    this.tokens.clear();
  }

  private authorized(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? req.headers['x-imptokenheader'];
    const token = String(header ?? '').replace(/^Bearer\s+/i, '');
    const expiresAt = this.tokens.get(token);
    return expiresAt !== undefined && expiresAt > nowSeconds();
  }

  private async route(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const [, first, second, third] = url.pathname.split('/').map(decodeURIComponent);
    if (method === 'GET' && first === 'payments' && second === 'status' && third)
      return listPaymentsByStatus(this.store, third, url.searchParams);
    if (method === 'GET' && first === 'payments' && second === 'find' && third) {
      const payment = this.store.latestByMerchantUid(third);
      if (!payment) throw new ProviderFault(404, -1, '존재하지 않는 결제정보입니다.');
      return payment.wire;
    }
    if (method === 'GET' && first === 'payments' && second && !third) {
      // The lookup by imp_uid leaves payments of test channels out unless include_sandbox=true
      // (PortOne's OpenAPI schema, GET /payments/{imp_uid}); the lookup by merchant_uid has no such
      // parameter, and the sandbox answers them there, marked.
      const payment = this.store.payments.get(second);
      const shown = payment && (!payment.wire.sandbox || url.searchParams.get('include_sandbox') === 'true');
      if (!shown) throw new ProviderFault(404, -1, '존재하지 않는 결제정보입니다.');
      return payment.wire;
    }
    if (first === 'receipts' && second === 'external' && third)
      return new ReceiptsApi(this.store).routeExternal(method, decodeURIComponent(third), body);
    if (first === 'receipts' && second && !third)
      return new ReceiptsApi(this.store).route(method, second, body);
    if (method === 'POST' && url.pathname === '/payments/cancel') return this.sandbox.cancel(body).wire;
    if (method === 'POST' && url.pathname === '/subscribe/payments/again')
      return (await this.sandbox.payAgain(body)).wire;
    if (first === 'subscribe' && second === 'customers' && third) {
      if (method === 'POST') return this.sandbox.issueBillingKey(third, body).wire;
      if (method === 'GET') return this.sandbox.billingKey(third).wire;
      if (method === 'DELETE') return this.sandbox.deleteBillingKey(third).wire;
    }
    throw new ProviderFault(404, -1, `${method} ${url.pathname}: no such API in the sandbox`);
  }
}
