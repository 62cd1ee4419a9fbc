import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_REGION } from '../../infra/build-app.ts';
import { repoRoot } from '../../infra/bundling.ts';
import { LOCAL_SUPPLIER } from '../local/stand-ins/popbill.ts';
import { EMULATED_ACCOUNT } from './aws-emulator.ts';

/**
 * The synthesis the deploy check deploys and `npm start -- --lambda` runs: `cdk synth` with an account
 * (EMULATED_ACCOUNT, the one the AWS emulator answers for) and the context a real stage gives, so every
 * handler is bundled as it ships and every ARN is formatted as in an account. One synthesis serves both
 * (scripts/test.sh makes it once): it is the slowest step of either (every handler bundled, cdk-nag).
 */

/** The context a real stage gives (docs/deploying.md), with example values, so every path of the app is synthesised. */
export const EXAMPLE_CONTEXT: Record<string, string> = {
  stage: 'check',
  alarmEmail: 'alarms@cutloom.example',
  siteUrl: 'https://www.cutloom.example',
  mailFrom: 'Cutloom <no-reply@cutloom.example>',
  googleClientId: 'example.apps.googleusercontent.com',
  payments: JSON.stringify({
    portoneMerchantCode: 'imp12345678',
    portoneReceiptChannelKey: 'channel-key-00000000-0000-0000-0000-000000000000',
    naverPayPartnerId: 'np_example',
    coolsmsSender: '0212345678',
    holidayServiceKey: 'example-key',
    // The local runtime's supplier: a synthetic business number with a valid check digit.
    taxInvoiceSupplier: LOCAL_SUPPLIER,
  }),
  domain: JSON.stringify({
    names: ['www.cutloom.example'],
    certificateArn: `arn:aws:acm:us-east-1:${EMULATED_ACCOUNT}:certificate/00000000-0000-4000-8000-000000000000`,
  }),
};

/** Where `npm start -- --lambda` and the test command keep the synthesis. */
export const CHECK_ASSEMBLY = join(repoRoot, '.local/cdk.out.check');
/** What the synthesis was made from, beside it: a different context or account makes it stale. */
const STAMP = 'cutloom-synthesis.json';
const SOURCES = ['infra', 'shared', 'functions', 'events'];
const SOURCE_FILES = ['package-lock.json', 'cdk.json'];

function newestSource(): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) if (name !== 'node_modules') visit(join(path, name));
    } else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
  };
  for (const folder of SOURCES) visit(join(repoRoot, folder));
  for (const file of SOURCE_FILES) visit(join(repoRoot, file));
  return newest;
}

const stampOf = () =>
  JSON.stringify({ account: EMULATED_ACCOUNT, region: DEFAULT_REGION, context: EXAMPLE_CONTEXT });

/** Why the synthesis in `out` cannot be used as it is, or undefined when it is current. */
export function staleness(out: string): string | undefined {
  const stamp = join(out, STAMP);
  if (!existsSync(join(out, 'manifest.json')) || !existsSync(stamp)) return 'there is none';
  if (readFileSync(stamp, 'utf8') !== stampOf()) return 'it was made with another context';
  if (newestSource() > statSync(stamp).mtimeMs) return 'the sources changed since';
  return undefined;
}

/**
 * `cdk synth` into `out` with the account and the example context, as the deploy check deploys it. The
 * CLI takes the account from CDK_DEFAULT_ACCOUNT when it finds no credentials (none are given: nothing
 * here may reach an account). Answers the CLI's output; throws when it fails.
 */
export async function synthesize(out: string): Promise<string> {
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(AWS_|CDK_)/.test(name)),
  );
  Object.assign(env, {
    CDK_DEFAULT_ACCOUNT: EMULATED_ACCOUNT,
    CDK_DEFAULT_REGION: DEFAULT_REGION,
    AWS_REGION: DEFAULT_REGION,
    AWS_EC2_METADATA_DISABLED: 'true',
    CDK_DISABLE_VERSION_CHECK: '1',
  });
  const context = Object.entries(EXAMPLE_CONTEXT).flatMap(([key, value]) => ['-c', `${key}=${value}`]);
  const cdk = join(repoRoot, 'node_modules/.bin/cdk');
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(cdk, ['synth', '--quiet', '--no-notices', '-o', out, ...context], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (code === 0) resolve(text);
      else reject(new Error(`cdk synth failed (exit ${code}):\n${text.split('\n').slice(-40).join('\n')}`));
    });
  });
  writeFileSync(join(out, STAMP), stampOf());
  return output;
}

/** The synthesis in `out`, made first when there is none or it is stale. */
export async function ensureSynthesis(out: string, log: (line: string) => void): Promise<void> {
  const stale = staleness(out);
  if (!stale) return;
  log(`Synthesising the cloud assembly into ${out} (${stale}; every handler is bundled, about a minute)…`);
  const started = performance.now();
  await synthesize(out);
  log(`Synthesised in ${Math.round((performance.now() - started) / 1000)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const out = process.argv[2] ?? CHECK_ASSEMBLY;
  await ensureSynthesis(out, (line) => console.log(line));
  console.log(`The cloud assembly is in ${out}`);
}
