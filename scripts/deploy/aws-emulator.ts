import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCOUNT_CONCURRENCY_QUOTA } from '../../infra/capacity.ts';
import { freePort } from '../local/dynamodb-local.ts';

/** The account the emulator answers for (moto's STS GetCallerIdentity), as the CLI reads it. */
export const EMULATED_ACCOUNT = '123456789012';

/** A resource the emulator created through one of its extensions, or only stood in for. */
export interface EmulatorRecord {
  kind: 'extension' | 'not-created';
  stack: string;
  logicalId: string;
  type: string;
}

export interface AwsEmulator {
  /** `http://localhost:PORT`: moto reads a template URL of that host as path-style S3. */
  endpoint: string;
  /** What the emulator could not create, and what it created through its extensions. */
  records(): EmulatorRecord[];
  stop(): Promise<void>;
}

/**
 * Starts moto in server mode with the deploy check's extensions (scripts/deploy/aws_emulator.py).
 * `setpriv --pdeathsig SIGTERM` ends it with this process, however this one ends.
 */
export async function startAwsEmulator(workDir: string): Promise<AwsEmulator> {
  const port = await freePort();
  const reportFile = join(workDir, 'emulator-report.json');
  const script = join(import.meta.dirname, 'aws_emulator.py');
  const python = ['python3', script, String(port), reportFile];
  const child: ChildProcess = spawn('setpriv', ['--pdeathsig', 'SIGTERM', ...python], {
    cwd: workDir,
    stdio: ['ignore', 'ignore', 'pipe'],
    // A quota as AWS sets it, so that reserved concurrency that would leave fewer than 100 unreserved
    // is refused here too.
    // AWS's own managed policies exist, as roles attach them.
    env: {
      ...process.env,
      MOTO_ACCOUNT_ID: EMULATED_ACCOUNT,
      MOTO_LAMBDA_CONCURRENCY_QUOTA: String(ACCOUNT_CONCURRENCY_QUOTA),
      MOTO_IAM_LOAD_MANAGED_POLICIES: 'true',
    },
  });
  // Its whole log (each request, and the traceback of any it failed) is kept beside the report.
  const log = createWriteStream(join(workDir, 'emulator.log'));
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    stderr = (stderr + chunk.toString()).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint = `http://localhost:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `The AWS emulator (moto) did not start: is moto 5 with its server extras installed (python3 -m pip list)?\n${stderr}`,
      );
    }
    try {
      if ((await fetch(`${endpoint}/moto-api/`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The AWS emulator did not answer within 60 s\n${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    endpoint,
    records: () =>
      existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, 'utf8')) as EmulatorRecord[]) : [],
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      log.end();
    },
  };
}
