#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find. `npm test` runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - start ))"; }

step 'browser: Debian Chromium'
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" -eq 0 ]; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  fi
fi
chromium --version

step 'lint and format (Biome)'
npx biome ci .

step 'types (tsc)'
npx tsc -p tsconfig.json

step 'unit, integration and infra tests (Vitest)'
npx vitest run

# Every money module's unit tests must kill its mutants (at least 90 % each; docs/mutation-testing.md).
step 'mutation testing of the money modules (Stryker)'
npm run --silent mutation

step 'web build (Vite)'
npx vite build --config web/vite.config.ts --logLevel warn

# The app deployed as a developer deploys it (synth with an account: every handler bundled, cdk-nag;
# bootstrap, asset publishing, cdk deploy --all) to an AWS emulator, compared with its templates, cfn-lint.
step 'deploy check (CDK CLI to an AWS emulator, moto)'
npm run --silent deploy:emulated

# Every benchmark command at a small size, figures printed and none compared with a goal, so that a change
# that breaks one fails here (docs/benchmarks.md). After the web build, which bench:site and
# bench:user-search serve; before the browser tests, the longest step.
step 'benchmarks in smoke size'
npx tsx scripts/bench/smoke.ts

step 'browser tests (Playwright, Chromium)'
npx playwright test

step "all tests passed in $(( $(date +%s) - start ))s"
