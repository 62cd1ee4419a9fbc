import { type ParseArgsConfig, parseArgs } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/** The line a benchmark prints first in its smoke size; the smoke run (smoke.ts) checks that it did. */
export const SMOKE_BANNER = 'Smoke size:';

/**
 * A benchmark command's flags. Every `npm run bench*` takes `--smoke`: a small size that runs in
 * seconds, so that the test command runs them all (scripts/bench/smoke.ts) and a change that breaks one
 * fails there. Its figures are printed as at full size, but on so little work they say nothing about
 * the goals. Flags are strict: a mistyped one is refused, not ignored.
 */
export function benchFlags(
  smokeSize: string,
  options: Options = {},
  { positionals = false, args = process.argv.slice(2) } = {},
): { smoke: boolean; values: Record<string, unknown>; positionals: string[] } {
  const parsed = parseArgs({
    args,
    options: { ...options, smoke: { type: 'boolean', default: false } },
    strict: true,
    allowPositionals: positionals,
  });
  const smoke = parsed.values.smoke === true;
  if (smoke) console.log(`${SMOKE_BANNER} ${smokeSize}; the figures show that it runs, not how fast.`);
  return { smoke, values: parsed.values, positionals: parsed.positionals };
}
