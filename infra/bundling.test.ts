import { join } from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/api/routes.ts';
import { LAMBDA_BUNDLE, productHandlerEntries, repoRoot } from './bundling.ts';

/** The npm packages a route's deployed bundle holds (esbuild's metafile, the deployed settings). */
async function bundledPackages(routeName: string): Promise<Set<string>> {
  const route = ROUTES.find((candidate) => candidate.name === routeName);
  if (!route) throw new Error(`no route ${routeName}`);
  const { metafile } = await build({
    ...LAMBDA_BUNDLE,
    write: false,
    metafile: true,
    logLevel: 'error',
    entryPoints: [join(repoRoot, 'functions', `${route.handler}.ts`)],
    outfile: join(repoRoot, 'cdk.out', 'bundling-test.mjs'),
  });
  return new Set(
    Object.keys(metafile.inputs).flatMap(
      (input) => input.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? [],
    ),
  );
}

describe('a route bundle', () => {
  // Every route reads the origin secret at run time (Secrets Manager, through Powertools Parameters), so
  // only the token check itself (jose) is left out of public and guid routes.
  it('holds the token check (jose) only when its route has callers to check', async () => {
    const routeOf = (caller: string) => ROUTES.find((route) => route.caller === caller)?.name ?? '';
    const [publicRoute, guidRoute, userRoute] = await Promise.all(
      ['geoip', routeOf('guid'), routeOf('user')].map(bundledPackages),
    );
    expect(publicRoute?.has('jose')).toBe(false);
    expect(publicRoute?.has('@aws-lambda-powertools/parameters')).toBe(true);
    expect(guidRoute?.has('jose')).toBe(false);
    expect(userRoute?.has('jose')).toBe(true);
  }, 120_000);
});

describe('the batch every product handler is bundled in at synth', () => {
  it('holds every route’s handler, and none of the modules they share', () => {
    const entries = productHandlerEntries();
    for (const route of ROUTES) expect(entries).toContain(`functions/${route.handler}.ts`);
    expect(
      entries.filter((entry) => entry.startsWith('functions/core/') || entry.endsWith('.test.ts')),
    ).toEqual([]);
    // The canary has a bundle of its own (its Synthetics library left to the runtime: infra/canary.ts).
    expect(entries.filter((entry) => entry.startsWith('events/canary/'))).toEqual([]);
  });
});
