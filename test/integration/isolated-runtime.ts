import { type ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort } from '../../scripts/local/dynamodb-local.ts';
import type { WebMode } from '../../scripts/local/site.ts';

const root = resolve(import.meta.dirname, '../..');

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
  const child: ChildProcess = spawn(
    join(root, 'node_modules/.bin/tsx'),
    ['scripts/local/start.ts', '--in-memory', `--web=${options.web ?? 'none'}`],
    {
      cwd: root,
      env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn', ...options.env },
      stdio: 'ignore',
      detached: true,
    },
  );
  const url = `http://localhost:${port}`;
  const startSeconds = options.startSeconds ?? 60;
  const deadline = Date.now() + startSeconds * 1000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The isolated runtime exited');
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
      const exited = new Promise((done) => child.once('exit', done));
      // The runtime stops its DynamoDB Local child itself on SIGTERM.
      child.kill('SIGTERM');
      await exited;
    },
  };
}
