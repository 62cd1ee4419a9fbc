import { afterEach, describe, expect, it, vi } from 'vitest';
import { benchFlags, SMOKE_BANNER } from './bench-options.ts';

describe("a benchmark command's flags", () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs at full size without --smoke, and says nothing', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(benchFlags('tiny', {}, { args: [] }).smoke).toBe(false);
    expect(log).not.toHaveBeenCalled();
  });

  it('prints the smoke banner first with --smoke, which the smoke run looks for', () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    expect(benchFlags('3 orders', {}, { args: ['--smoke'] }).smoke).toBe(true);
    expect(log).toHaveBeenCalledWith(expect.stringMatching(new RegExp(`^${SMOKE_BANNER} 3 orders`)));
  });

  it("takes the benchmark's own flags and parts beside --smoke", () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const parsed = benchFlags(
      'tiny',
      { pricing: { type: 'boolean', default: false } },
      { positionals: true, args: ['latency', '--pricing', '--smoke'] },
    );
    expect(parsed).toMatchObject({ smoke: true, values: { pricing: true }, positionals: ['latency'] });
  });

  it('refuses a mistyped flag or an unexpected part rather than running at full size', () => {
    expect(() => benchFlags('tiny', {}, { args: ['--smok'] })).toThrow(/Unknown option '--smok'/);
    expect(() => benchFlags('tiny', {}, { args: ['smoke'] })).toThrow(/Unexpected argument 'smoke'/);
  });
});
