import { parseArgs } from 'node:util';
import { listenPort } from './listen-port.ts';
import { startRuntime } from './runtime.ts';
import type { WebMode } from './site.ts';

/**
 * `npm start`: the whole product on http://localhost:3000 (PORT overrides; 0 picks a free port).
 * Flags: --fresh (empty database), --in-memory (nothing kept), --web=dev|dist|none, --state-dir=DIR.
 */
const started = performance.now();
const { values } = parseArgs({
  options: {
    fresh: { type: 'boolean', default: false },
    'in-memory': { type: 'boolean', default: false },
    web: { type: 'string', default: 'dev' },
    'state-dir': { type: 'string' },
  },
});
const web = values.web as WebMode;
if (!['dev', 'dist', 'none'].includes(web)) {
  console.error(`--web must be dev, dist or none (got ${values.web})`);
  process.exit(2);
}
let port: number;
try {
  port = listenPort(process.env.PORT);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}

const runtime = await startRuntime({
  port,
  fresh: values.fresh,
  inMemory: values['in-memory'],
  web,
  ...(values['state-dir'] ? { stateDir: values['state-dir'] } : {}),
});

const lines = [
  '',
  `Cutloom is running (started in ${Math.round(performance.now() - started)} ms)`,
  `  Site            ${runtime.url}/`,
  `  Admin console   ${runtime.url}/admin/`,
  `  Local tools     ${runtime.url}/_local/`,
  `  OpenAPI         ${runtime.url}/_local/openapi.json`,
  `  DynamoDB Local  ${runtime.dynamoEndpoint} (table ${runtime.tableName})`,
  '',
  'Seeded credentials:',
  ...runtime.credentials.flatMap((credential) => [
    `  ${credential.label}:`,
    ...credential.lines.map((line) => `    ${line}`),
  ]),
  '',
  'Press Ctrl-C to stop.',
];
console.log(lines.join('\n'));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping…`);
  await runtime.stop();
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => void shutdown(signal));
