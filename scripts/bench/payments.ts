import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE } from '../../infra/bundling.ts';
import { listenOnLoopback, readText, sendJson } from '../local/http-helpers.ts';
import { invokeModule } from '../local/lambda-context.ts';
import type { LocalEndpointHandler } from '../local/stand-in-context.ts';
import { start } from '../local/stand-ins/payment-provider.ts';
import { benchFlags } from './bench-options.ts';
import { runLoad } from './load.ts';

/**
 * The money path's figures (`npm run bench:payments`): what the adapters add to a Lambda bundle, and
 * the round trips of the production adapter against the sandbox on loopback (a payment lookup, a
 * billing-key charge), so that a later change that slows the adapter shows. Everything stops by itself.
 * `--smoke`: each round trip for half a second.
 */
const { smoke } = benchFlags('each round trip for 0.5 s');
const SECONDS = smoke ? 0.5 : 3;
const root = resolve(import.meta.dirname, '../..');
const report = (figure: string, value: string) => console.log(`${figure}: ${value}`);

async function bundleSizes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cutloom-bench-payments-'));
  try {
    for (const adapter of ['payment-provider/portone', 'payment-provider/naver-pay', 'sms']) {
      const file = join(dir, `${adapter.replace('/', '-')}.mjs`);
      await build({
        ...LAMBDA_BUNDLE,
        entryPoints: [join(root, 'functions/core/adapters', `${adapter}.ts`)],
        outfile: file,
        logLevel: 'error',
      });
      const content = readFileSync(file);
      report(
        `bundle of the ${adapter} adapter alone (minified / gzip)`,
        `${(content.length / 1024).toFixed(1)} KiB / ${(gzipSync(content).length / 1024).toFixed(1)} KiB`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function roundTrips(): Promise<void> {
  const endpoints = new Map<string, LocalEndpointHandler>();
  // The product's webhook stand-in: notifications are part of what a charge costs the sandbox.
  const receiver = await listenOnLoopback(async (req, res) => {
    await readText(req);
    sendJson(res, 200, {});
  });
  const sandbox = await start(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule,
      stateDir: undefined,
      baseUrl: 'http://127.0.0.1:9',
    },
    { notificationUrl: receiver.url },
  );
  Object.assign(process.env, sandbox.env, { LOG_LEVEL: 'error' });
  try {
    const portone = await import('../../functions/core/adapters/payment-provider/portone.ts');
    const customerUid = 'cus_bench';
    await portone.issueBillingKey({
      customerUid,
      card: { number: '4242424242424242', expiry: '2099-12', birth: '900101' },
    });
    let n = 0;
    const charge = () =>
      portone.payWithBillingKey({
        customerUid,
        merchantUid: `ord_bench_${n++}`,
        amount: 9900,
        currency: 'KRW',
        name: 'bench',
      });
    const paid = await charge();
    if (paid.status !== 'paid')
      throw new Error(`the sandbox did not approve the charge: ${JSON.stringify(paid)}`);
    const lookups = await runLoad(
      async () => (await portone.getPayment(paid.impUid))?.status === 'paid',
      4,
      SECONDS,
    );
    report(
      `getPayment against the sandbox, 4 concurrent for ${SECONDS} s (p50 / p99, per second)`,
      `${lookups.p50.toFixed(2)} ms / ${lookups.p99.toFixed(2)} ms, ${Math.round(lookups.perSecond)}/s, ${lookups.errors} errors`,
    );
    const charges = await runLoad(async () => (await charge()).status === 'paid', 4, SECONDS);
    report(
      `payWithBillingKey against the sandbox, 4 concurrent for ${SECONDS} s (p50 / p99, per second)`,
      `${charges.p50.toFixed(2)} ms / ${charges.p99.toFixed(2)} ms, ${Math.round(charges.perSecond)}/s, ${charges.errors} errors`,
    );
  } finally {
    await sandbox.stop();
    await receiver.close();
  }
}

await bundleSizes();
await roundTrips();
