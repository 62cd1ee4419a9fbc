import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CONSOLE_SHELL } from '../../shared/site/site-pages.ts';

const root = resolve(import.meta.dirname, '../..');

/**
 * The production build of the web that a benchmark serves. At full size it is built afresh, so that
 * what is measured is what the sources make now. In smoke size a build already in web/dist (with the
 * console's shell) is served as it is, since the test command builds the web in a step before the
 * benchmarks; it is built only when there is none.
 */
export function buildWeb(smoke: boolean): void {
  const dist = join(root, 'web/dist');
  if (smoke && existsSync(join(dist, 'index.html')) && existsSync(join(dist, CONSOLE_SHELL))) {
    console.log('Serving the web build already in web/dist');
    return;
  }
  console.log('Building the web…');
  execFileSync('npx', ['vite', 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
}
