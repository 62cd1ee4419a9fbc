/**
 * The deploy check (`npm run deploy:emulated`): the app deployed the way a developer deploys it, with the
 * CDK CLI's own path (a synth with an account, as with credentials; bootstrap of both regions; asset
 * publishing; `cdk deploy --all` with its cross-stack and cross-region references and nested stacks), to
 * an AWS emulator on this machine (moto in server mode, scripts/deploy/aws_emulator.py). It then compares
 * what exists with what the templates declare (scripts/deploy/deployed-resources.ts), runs cfn-lint on
 * every template, rotates the secrets and tries the runbook's restore of the table with its reconciliation
 * against the locked copy (scripts/deploy/restore-check.ts). It fails on a failed deployment, a difference, or a cfn-lint error; it lists the
 * resource types the emulator could not create.
 *
 *   npm run deploy:emulated              the whole check
 *   npm run deploy:emulated -- --keep    then leaves the emulator running (its endpoint is printed)
 *   npm run deploy:emulated -- --assembly DIR
 *                                        deploys a cloud assembly already synthesised with an account
 *                                        (scripts/deploy/synth.ts; the test command passes the one
 *                                        `npm start -- --lambda` runs too)
 */
import { type SpawnOptions, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DEFAULT_REGION } from '../../infra/build-app.ts';
import { repoRoot } from '../../infra/bundling.ts';
import { productSecretName } from '../../infra/stateful-stack.ts';
import { parseRotatingSecret } from '../../shared/secrets/rotating-secret.ts';
import { EMULATED_ACCOUNT, startAwsEmulator } from './aws-emulator.ts';
import { compareDeployment, templatesByRegion } from './deployed-resources.ts';
import { checkRestore } from './restore-check.ts';
import { rotateSecret } from './rotate-secret.ts';
import { EXAMPLE_CONTEXT, synthesize } from './synth.ts';

const keep = process.argv.includes('--keep');
const assemblyArgument = process.argv.indexOf('--assembly');
// Absolute: cfn-lint runs in the assembly's folder and CDK in the repository's, and both are handed its files.
const givenAssembly = assemblyArgument > 0 ? resolve(String(process.argv[assemblyArgument + 1])) : undefined;
const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)}s`;
const step = (text: string) => console.log(`\n-- ${text} (${seconds()})`);

function run(command: string, args: string[], options: SpawnOptions & { log: string }): Promise<number> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.once('error', reject);
    child.once('exit', (code) => {
      writeFileSync(options.log, Buffer.concat(chunks));
      resolvePromise(code ?? 1);
    });
  });
}

/** A failure's message with the last lines of its log. */
function tail(file: string, message: string, lines = 40): string {
  const last = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .slice(-lines)
    .join('\n');
  return `${message}\n${last}\n(whole log: ${file})`;
}

/**
 * The rotation command against the deployed secrets: each gets a new key with the old one kept as the
 * previous, and the token key refuses a second rotation before the longest-lived link has expired.
 */
async function checkRotation(endpoint: string, region: string, failures: string[]): Promise<void> {
  const stage = EXAMPLE_CONTEXT.stage as string;
  const client = new SecretsManagerClient({
    endpoint,
    region,
    credentials: { accessKeyId: 'emulator', secretAccessKey: 'emulator' },
  });
  for (const purpose of ['id-token-key', 'origin'] as const) {
    const name = productSecretName(stage, purpose);
    const read = async () =>
      parseRotatingSecret(
        (await client.send(new GetSecretValueCommand({ SecretId: name }))).SecretString ?? '',
      );
    const before = await read();
    const rotation = await rotateSecret({ purpose, stage, region, endpoint });
    const after = await read();
    if (after.keyId !== rotation.keyId || after.previousKey !== before.key || after.key === before.key)
      failures.push(
        `rotate-secret ${purpose}: the secret does not hold the new key with the old one as previous`,
      );
    else
      console.log(
        `   ${name}: rotated from ${before.keyId} to ${after.keyId}, ${before.keyId} still accepted`,
      );
  }
  const early = await rotateSecret({ purpose: 'id-token-key', stage, region, endpoint }).then(
    () => 'rotated',
    (error: Error) => error.message,
  );
  if (!early.includes('younger than the longest-lived link'))
    failures.push(`rotate-secret id-token-key a second time at once: ${early}`);
}

async function main(): Promise<number> {
  const workDir = mkdtempSync(join(tmpdir(), 'cutloom-deploy-check-'));
  const out = givenAssembly ?? join(workDir, 'cdk.out');
  const cdk = join(repoRoot, 'node_modules/.bin/cdk');
  step('starting the AWS emulator (moto)');
  const emulator = await startAwsEmulator(workDir);
  const region = DEFAULT_REGION;
  // The CLI with credentials for the emulator, and nothing of a real account: no profile, no session.
  const env: NodeJS.ProcessEnv = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(AWS_|CDK_DEFAULT_)/.test(name)),
  );
  Object.assign(env, {
    AWS_ENDPOINT_URL: emulator.endpoint,
    AWS_ACCESS_KEY_ID: 'emulator',
    AWS_SECRET_ACCESS_KEY: 'emulator',
    AWS_REGION: region,
    CDK_DISABLE_VERSION_CHECK: '1',
  });
  const failures: string[] = [];
  try {
    step(`bootstrapping aws://${EMULATED_ACCOUNT}/${region} and aws://${EMULATED_ACCOUNT}/us-east-1`);
    const bootstrapLog = join(workDir, 'bootstrap.log');
    // From an empty folder, so that bootstrapping does not synthesise the app.
    if (
      (await run(
        cdk,
        [
          'bootstrap',
          `aws://${EMULATED_ACCOUNT}/${region}`,
          `aws://${EMULATED_ACCOUNT}/us-east-1`,
          '--no-notices',
        ],
        { cwd: workDir, env, log: bootstrapLog },
      )) !== 0
    )
      throw new Error(tail(bootstrapLog, 'cdk bootstrap failed'));

    if (!givenAssembly) {
      step('synthesising with the account (every handler bundled, cdk-nag; scripts/deploy/synth.ts)');
      const synthLog = join(workDir, 'synth.log');
      try {
        writeFileSync(synthLog, await synthesize(out));
      } catch (error) {
        writeFileSync(synthLog, (error as Error).message);
        throw error;
      }
    }
    if (!existsSync(join(repoRoot, 'web/dist/index.html')))
      console.log('   the site is not built (npm run build:web): the web stack deploys without its files');

    step('cdk deploy --all (asset publishing, stacks in dependency order) and cfn-lint on every template');
    // Each template against the resource schemas of the region it deploys to.
    const templates = templatesByRegion(out);
    const lintLogs = [...templates.keys()].map((lintRegion) => join(workDir, `cfn-lint-${lintRegion}.log`));
    const lintAll = async () => {
      const codes: number[] = [];
      for (const [index, [lintRegion, files]] of [...templates].entries())
        codes.push(
          await run('cfn-lint', ['--format', 'parseable', '--regions', lintRegion, '--', ...files], {
            cwd: out,
            env,
            log: lintLogs[index] as string,
          }),
        );
      return codes;
    };
    const deployLog = join(workDir, 'deploy.log');
    const [lintCodes, deployCode] = await Promise.all([
      lintAll(),
      run(
        cdk,
        [
          'deploy',
          '--app',
          out,
          '--all',
          '--method',
          'direct',
          '--require-approval',
          'never',
          '--concurrency',
          '4',
          '--no-notices',
        ],
        { cwd: repoRoot, env, log: deployLog },
      ),
    ]);
    const findings = lintLogs.flatMap((log) =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((line) => /:[EWI]\d{4}:/.test(line)),
    );
    const errors = findings.filter((line) => /:E\d{4}:/.test(line));
    const templateCount = [...templates.values()].flat().length;
    console.log(
      `   cfn-lint: ${templateCount} templates, ${errors.length} errors, ${findings.length - errors.length} warnings and notes`,
    );
    // cfn-lint exits 2 (errors), 4 (warnings), 8 (notes) or their sum; anything above is its own failure.
    lintCodes.forEach((code, index) => {
      if (code > 14) failures.push(tail(lintLogs[index] as string, `cfn-lint failed (exit ${code})`));
    });
    for (const line of errors) failures.push(`cfn-lint ${line}`);
    if (deployCode !== 0) throw new Error(tail(deployLog, 'cdk deploy failed'));

    step('comparing what exists with what the templates declare');
    const comparison = await compareDeployment(out, emulator.endpoint, EMULATED_ACCOUNT);
    for (const stack of comparison.stacks) console.log(`   ${stack}`);
    for (const [type, entry] of [...comparison.byType].sort(([a], [b]) => a.localeCompare(b)))
      console.log(
        `   ${type}: ${entry.declared} declared, ${entry.found} found, ${entry.matched} as declared`,
      );
    console.log(
      `   values naming what the emulator did not create (not comparable): ${comparison.notComparable}`,
    );
    failures.push(...comparison.differences);

    step('rotating both rotating secrets (npm run rotate-secret), as an operator would after deploying');
    await checkRotation(emulator.endpoint, region, failures);

    step('restoring the table to a point in time and reconciling it with the locked copy (docs/runbook.md)');
    await checkRestore(emulator.endpoint, region, EXAMPLE_CONTEXT.stage as string, failures);

    const records = emulator.records();
    const tally = (kind: string) => {
      const counts = new Map<string, number>();
      for (const record of records.filter((item) => item.kind === kind))
        counts.set(record.type, (counts.get(record.type) ?? 0) + 1);
      return [...counts].sort(([a], [b]) => a.localeCompare(b)).map(([type, n]) => `${type} (${n})`);
    };
    console.log(
      `\n   created through the check's extensions of moto: ${tally('extension').join(', ') || 'none'}`,
    );
    console.log(
      `   not created (the emulator lacks the type; stood in for so the rest deploys): ${tally('not-created').join(', ') || 'none'}`,
    );
  } catch (error) {
    failures.push((error as Error).message);
  } finally {
    if (keep) {
      console.log(
        `\nThe emulator keeps running at ${emulator.endpoint} (AWS_ENDPOINT_URL); Ctrl-C stops it.`,
      );
      await new Promise<void>((resolvePromise) => process.once('SIGINT', () => resolvePromise()));
    }
    await emulator.stop();
  }
  if (failures.length) {
    console.log(`\nDeploy check failed (${seconds()}):\n${failures.map((line) => `  ${line}`).join('\n')}`);
    return 1;
  }
  console.log(`\nDeploy check passed in ${seconds()} (logs in ${workDir})`);
  return 0;
}

process.exitCode = await main();
