import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { SMOKE_BANNER } from './bench-options.ts';

/**
 * Every benchmark command in its smoke size (`npx tsx scripts/bench/smoke.ts [name…]`; the test command
 * runs it): each `bench` and `bench:*` script of package.json, found there so that a new one is run
 * without being listed here, as `npm run <name> -- --smoke`, one after the other (they measure, and
 * this machine has two cores). Their figures are printed, none is compared with a goal. The run fails
 * when a benchmark exits with an error, runs past its limit, or does not print the smoke banner (it
 * ignored `--smoke` and ran at full size). At the end, the seconds each one took, wall and CPU (of all
 * its processes: DynamoDB Local, Chromium and Lighthouse included), with the machine's load, since on a
 * shared machine the wall time says more about the others than about the benchmark.
 */
const root = resolve(import.meta.dirname, '../..');
/** Far above a smoke run's minute or two, for a benchmark that hangs (a runtime that never answers). */
const LIMIT_SECONDS = 600;

const { positionals: asked } = parseArgs({ allowPositionals: true, strict: true });
const scripts = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
    .scripts,
).filter((name) => name === 'bench' || name.startsWith('bench:'));
const unknown = asked.filter((name) => !scripts.includes(name));
if (unknown.length) {
  console.error(`No benchmark command ${unknown.join(', ')}; there are ${scripts.join(', ')}`);
  process.exit(2);
}
const names = asked.length ? asked : scripts;

interface Outcome {
  name: string;
  seconds: number;
  cpuSeconds: number;
  failure?: string;
}

const tick = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));
/**
 * CPU seconds of this process's children that have ended, and of theirs that they waited for (the
 * cutime and cstime fields of /proc/self/stat, the 16th and 17th; counted from after the command's
 * closing parenthesis).
 */
function childrenCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / tick;
}

/** Runs one benchmark, its output passed through as it comes and read for the smoke banner. */
function runSmoke(name: string): Promise<Outcome> {
  const started = performance.now();
  const cpuBefore = childrenCpuSeconds();
  // A process group of its own, so that a benchmark past its limit is ended with all it started.
  const child = spawn('npm', ['run', '--silent', name, '--', '--smoke'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let banner = false;
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    process.stdout.write(chunk);
    tail = (tail + chunk.toString()).slice(-1000);
    if (tail.includes(SMOKE_BANNER)) banner = true;
  });
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  let timedOut = false;
  const limit = setTimeout(() => {
    timedOut = true;
    stop();
  }, LIMIT_SECONDS * 1000);
  // Its own group does not hear the terminal's Ctrl-C: this run passes it on.
  const interrupted = () => {
    stop();
    process.exit(130);
  };
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  return new Promise((done) => {
    child.once('close', (code, signal) => {
      clearTimeout(limit);
      process.off('SIGINT', interrupted).off('SIGTERM', interrupted);
      const seconds = (performance.now() - started) / 1000;
      const cpuSeconds = childrenCpuSeconds() - cpuBefore;
      const failure = timedOut
        ? `still running after ${LIMIT_SECONDS} s`
        : code !== 0
          ? `exited with ${code ?? signal}`
          : banner
            ? undefined
            : `did not print "${SMOKE_BANNER}": it ignores --smoke`;
      done({ name, seconds, cpuSeconds, ...(failure ? { failure } : {}) });
    });
  });
}

const outcomes: Outcome[] = [];
for (const name of names) {
  console.log(`\n== npm run ${name} -- --smoke`);
  outcomes.push(await runSmoke(name));
}

const sum = (figure: (outcome: Outcome) => number) =>
  outcomes.reduce((total, outcome) => total + figure(outcome), 0);
console.log(
  `\nSmoke runs (load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(', ')} at the end, ${cpus().length} cores):`,
);
console.log('| benchmark | wall | CPU | result |\n|---|---|---|---|');
for (const { name, seconds, cpuSeconds, failure } of outcomes)
  console.log(
    `| \`npm run ${name}\` | ${seconds.toFixed(0)} s | ${cpuSeconds.toFixed(0)} s | ${failure ?? 'ran'} |`,
  );
console.log(
  `| all ${outcomes.length} | ${sum((outcome) => outcome.seconds).toFixed(0)} s | ${sum((outcome) => outcome.cpuSeconds).toFixed(0)} s | |`,
);
const failed = outcomes.filter((outcome) => outcome.failure);
if (failed.length) {
  console.error(
    `\n${failed.length} benchmark(s) failed: ${failed.map((outcome) => outcome.name).join(', ')}`,
  );
  process.exitCode = 1;
}
