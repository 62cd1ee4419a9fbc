import { listenOnLoopback, sendJson } from '../http-helpers.ts';
import { Notifier } from '../payment-sandbox/notifications.ts';
import { CHECKOUT_PATH, sandboxPages, WALLET_PAGE_PATH } from '../payment-sandbox/pages.ts';
import { ProviderApi } from '../payment-sandbox/portone-api.ts';
import { ProviderSandbox } from '../payment-sandbox/provider.ts';
import { SANDBOX_RECEIPT_CHANNEL_KEY } from '../payment-sandbox/receipts-api.ts';
import { SlowAnswers } from '../payment-sandbox/slow-answers.ts';
import { SandboxStore } from '../payment-sandbox/store.ts';
import { WalletApi } from '../payment-sandbox/wallet-api.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * The payment provider and the wallet on one machine. One loopback server speaks PortOne v1's REST API
 * at `/` and Naver Pay's partner API at `/{partnerId}/naverpay/payments/...`, so the production
 * adapters (functions/core/adapters/payment-provider/) run unchanged against it; the browser pages
 * (checkout, wallet registration, the developer page with the test cards) are served from the
 * runtime's own port under /_local/payments. Notifications go to LOCAL_PAYMENT_NOTIFICATION_URL,
 * by default the product's webhook route /payment/portone-webhook; LOCAL_PAYMENT_NOTIFICATION_RESENDS
 * (default 0, as PortOne), LOCAL_PAYMENT_NOTIFICATION_DROP_SHARE (default 0; 0.2 loses a fifth of
 * them) and LOCAL_PAYMENT_NOTIFICATION_FORM (1: sent as a form, as the console can be set; default JSON)
 * set their policy, which /_local/payments/notifications/policy changes while running. Both APIs can be
 * made to answer late (/_local/payments/slow: payment-sandbox/slow-answers.ts).
 */
export interface PaymentSandboxOptions {
  /** Where notifications go when a payment names no notice_url. */
  notificationUrl?: string;
  /** First delay before resending a failed notification (ms), doubling per attempt. */
  notificationResendDelayMs?: number;
  /** Lifetime of an access token (the provider's is 30 minutes). */
  tokenLifetimeSeconds?: number;
}

const PARTNER_ID = 'np_sandbox';
const PROVIDER_CREDENTIALS = { apiKey: 'sandbox_imp_key', apiSecret: 'sandbox_imp_secret' };
const WALLET_CREDENTIALS = {
  partnerId: PARTNER_ID,
  clientId: 'sandbox_client_id',
  clientSecret: 'sandbox_client_secret',
  chainId: 'sandbox_chain_id',
};
/** How often pending payments and scheduled deposits are looked at (the test clock can jump). */
const SETTLE_INTERVAL_MS = 500;

export async function start(ctx: StandInContext, options: PaymentSandboxOptions = {}): Promise<StandIn> {
  const notificationUrl =
    options.notificationUrl ??
    process.env.LOCAL_PAYMENT_NOTIFICATION_URL ??
    `${ctx.baseUrl}/payment/portone-webhook`;
  const store = new SandboxStore(ctx.stateDir);
  const notifier = new Notifier(
    {
      resends: Number(process.env.LOCAL_PAYMENT_NOTIFICATION_RESENDS) || 0,
      dropShare: Number(process.env.LOCAL_PAYMENT_NOTIFICATION_DROP_SHARE) || 0,
      contentType:
        process.env.LOCAL_PAYMENT_NOTIFICATION_FORM === '1'
          ? 'application/x-www-form-urlencoded'
          : 'application/json',
    },
    options.notificationResendDelayMs ?? 1000,
  );
  const sandbox = new ProviderSandbox(store, notifier, notificationUrl);
  const providerApi = new ProviderApi(
    sandbox,
    store,
    PROVIDER_CREDENTIALS,
    options.tokenLifetimeSeconds ?? 1800,
  );
  const walletApi = new WalletApi(store, WALLET_CREDENTIALS);
  const walletPrefix = `/${PARTNER_ID}/naverpay/payments/`;
  const slowAnswers = new SlowAnswers();

  const api = await listenOnLoopback(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    slowAnswers.hold(req.method ?? 'GET', url.pathname, res);
    if (url.pathname.startsWith(walletPrefix)) {
      if (req.method !== 'POST')
        return sendJson(res, 405, { code: 'MethodNotAllowed', message: 'POST only' });
      return walletApi.handle(req, res, url.pathname.slice(walletPrefix.length));
    }
    return providerApi.handle(req, res, url);
  });

  for (const [route, handler] of Object.entries(
    sandboxPages({ sandbox, walletApi, store, notifier, notificationUrl, providerApi, slowAnswers }),
  )) {
    const [method, path] = route.split(' ') as [string, string];
    ctx.registerLocalEndpoint(method, path, handler);
  }

  const timer = setInterval(() => {
    sandbox.settleDue();
    walletApi.settleDue();
  }, SETTLE_INTERVAL_MS);
  timer.unref();

  return {
    env: {
      PORTONE_API_URL: api.url,
      PORTONE_API_KEY: PROVIDER_CREDENTIALS.apiKey,
      PORTONE_API_SECRET: PROVIDER_CREDENTIALS.apiSecret,
      PORTONE_RECEIPT_CHANNEL_KEY: SANDBOX_RECEIPT_CHANNEL_KEY,
      PAYMENT_CHECKOUT_URL: `${ctx.baseUrl}${CHECKOUT_PATH}`,
      NAVER_PAY_API_URL: `${api.url}/${PARTNER_ID}`,
      NAVER_PAY_CLIENT_ID: WALLET_CREDENTIALS.clientId,
      NAVER_PAY_CLIENT_SECRET: WALLET_CREDENTIALS.clientSecret,
      NAVER_PAY_CHAIN_ID: WALLET_CREDENTIALS.chainId,
      NAVER_PAY_PAGE_URL: `${ctx.baseUrl}${WALLET_PAGE_PATH}?reserveId={reserveId}`,
    },
    secrets: { portone: PROVIDER_CREDENTIALS, 'naver-pay': WALLET_CREDENTIALS },
    async stop() {
      clearInterval(timer);
      slowAnswers.stop();
      await notifier.stop();
      await api.close();
    },
  };
}
