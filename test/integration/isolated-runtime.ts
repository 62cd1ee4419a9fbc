import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/local/dynamodb-local.ts';
import type { WebMode } from '../../scripts/local/site.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * Set (to a cloud assembly) by the runs that prove what ships (playwright.lambda.config.ts): the runtimes
 * started here then run the assembly's functions as Lambda does, and a finding fails their stop.
 */
export const LAMBDA_ASSEMBLY_VARIABLE = 'LOCAL_LAMBDA_ASSEMBLY';

/**
 * A runtime of its own, in a child process, for a test that changes global state (such as the
 * sign-up maintenance entry, or the test clock) which the rest of the suite, running in parallel, must
 * not see. Browser tests serve the built web from it (`web: 'dist'`), or the development server as
 * `npm start` does (`web: 'dev'`).
 */
export async function startIsolatedRuntime(
  options: { web?: WebMode; env?: Record<string, string>; startSeconds?: number } = {},
): Promise<{ url: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const assembly = process.env[LAMBDA_ASSEMBLY_VARIABLE];
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    [
      'scripts/local/start.ts',
      '--in-memory',
      `--web=${options.web ?? 'none'}`,
      ...(assembly ? ['--lambda', `--assembly=${assembly}`] : []),
    ],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...options.env },
      stdio: ['ignore', 'ignore', 'pipe'],
      detached: true,
    },
  );
  // What it said last on standard error, for the error when it exits before it answers.
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const url = `http://localhost:${port}`;
  const startSeconds = options.startSeconds ?? (assembly ? 180 : 60);
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The isolated runtime exited:\n${stderr}`);
    if (Date.now() > deadline) {
      // Its whole process group (tsx, the runtime, DynamoDB Local), so that nothing outlives the test.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
      throw new Error(`The isolated runtime did not start in ${startSeconds} s`);
    }
    const up = await fetch(`${url}/_local/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    await new Promise((wait) => setTimeout(wait, 200));
  }
  return {
    url,
    stop: async () => {
      const findings = assembly
        ? ((await (await fetch(`${url}/_local/lambda.json`)).json()) as { findings: unknown[] }).findings
        : [];
      const exited = new Promise((done) => child.once('exit', done));
      // The runtime stops its DynamoDB Local child itself on SIGTERM.
      child.kill('SIGTERM');
      await exited;
      if (findings.length)
        throw new Error(`The functions as Lambda runs them: ${JSON.stringify(findings, null, 2)}`);
    },
  };
}
