import {
  hashPassword,
  PASSWORD_HASH_PARAMS,
  verifyPassword,
} from '../../functions/core/identity/password.ts';
import { startRuntime } from '../local/runtime.ts';
import { SEEDED_ACCOUNTS } from '../local/seed.ts';
import { benchFlags } from './bench-options.ts';
import { type LoadResult, runLoad } from './load.ts';

/**
 * Sign-in figures (`npm run bench:sign-in`): the password hash alone, then POST /auth/v2/sign-in
 * through the local gateway against DynamoDB Local, one caller and then two (this machine has two
 * cores; every sign-in costs one scrypt). Loopback only, bounded in time, stops by itself. `--smoke`:
 * each for one second.
 */
const { smoke } = benchFlags('each load for 1 s');
const SECONDS = { hashOnly: smoke ? 1 : 8, warmUp: smoke ? 0 : 2, load: smoke ? 1 : 12 };
const format = (result: LoadResult) =>
  `p50 ${result.p50.toFixed(0)} ms, p99 ${result.p99.toFixed(0)} ms, max ${result.max.toFixed(0)} ms, ` +
  `${result.perSecond.toFixed(1)}/s over ${result.requests} requests, ${result.errors} errors`;

const { N, r, p } = PASSWORD_HASH_PARAMS;
console.log(`Password hash: scrypt N=2^${Math.log2(N)} r=${r} p=${p} (${(128 * N * r) / 2 ** 20} MiB)`);
const stored = await hashPassword('bench-pass1');
const hashOnly = await runLoad(() => verifyPassword('bench-pass1', stored), 1, SECONDS.hashOnly);
console.log(`verifyPassword alone, 1 caller: ${format(hashOnly)}`);

const runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
try {
  const { email, password } = SEEDED_ACCOUNTS.customer;
  const body = JSON.stringify({
    email,
    password,
    clientType: 'landing',
    language: 'en',
    persistSession: true,
  });
  const signIn = async () => {
    const response = await fetch(`${runtime.url}/auth/v2/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    await response.arrayBuffer();
    return response.status === 200;
  };
  if (!(await signIn())) throw new Error('The demo customer could not sign in');
  await runLoad(signIn, 1, SECONDS.warmUp);
  for (const concurrency of [1, 2]) {
    console.log(
      `POST /auth/v2/sign-in, ${concurrency} caller(s), ${SECONDS.load} s: ${format(await runLoad(signIn, concurrency, SECONDS.load))}`,
    );
  }
} finally {
  await runtime.stop();
}
