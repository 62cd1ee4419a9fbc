/**
 * The browser the tests, the benchmarks and the local canary drive: Debian's Chromium headless shell
 * (apt `chromium-headless-shell`, the same build as its `chromium`), which is what Playwright itself runs
 * for a headless Chromium (its `chromium-headless-shell`). Debian's `chromium` in headless mode is the
 * whole browser without a window: beside each test's page it ran renderers for the browser's own WebUI
 * (seen at 38-45 % of a core each in the browser tests). A headed run (the canary's `--headed`) needs the
 * whole browser. Lighthouse (bench:site) keeps the whole browser too: its scores are
 * the ones a customer's Chrome gives.
 */
export const HEADLESS_CHROMIUM = '/usr/bin/chromium-headless-shell';
export const CHROMIUM = '/usr/bin/chromium';

/** The flags every launch adds: no sandbox (the tests run as root), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Playwright's launch options for a headless run (or a headed one, in the whole browser). */
export function chromiumLaunch(headed = false): {
  executablePath: string;
  headless: boolean;
  args: string[];
} {
  return { executablePath: headed ? CHROMIUM : HEADLESS_CHROMIUM, headless: !headed, args: CHROMIUM_ARGS };
}
