#!/usr/bin/env bash
# Every test of the project, in the order a failure is cheapest to find. `npm test` runs this.
set -euo pipefail
cd "$(dirname "$0")/.."

start=$(date +%s)
step() { printf '\n== %s (%ss)\n' "$1" "$(( $(date +%s) - start ))"; }

# The headless shell runs the browser tests and benchmarks; the whole browser runs Lighthouse and a headed
# canary (scripts/headless-chromium.ts).
step 'browser: Debian Chromium and its headless shell'
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromium-headless-shell >/dev/null 2>&1; then
  sudo=''
  [ "$(id -u)" -eq 0 ] || sudo='sudo'
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell >/dev/null
fi
chromium --version
chromium-headless-shell --version

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

# One synthesis with an account (every handler bundled, cdk-nag) for the deploy check and for the journeys
# run as Lambda runs them; it is made again only when the sources changed (scripts/deploy/synth.ts).
step 'synth with an account (CDK CLI, every handler bundled)'
npx tsx scripts/deploy/synth.ts .local/cdk.out.check

# The app deployed as a developer deploys it (bootstrap, asset publishing, cdk deploy --all) to an AWS
# emulator, compared with its templates, cfn-lint.
step 'deploy check (CDK CLI to an AWS emulator, moto)'
npm run --silent deploy:emulated -- --assembly .local/cdk.out.check

# Every benchmark command at a small size, figures printed and none compared with a goal, so that a change
# that breaks one fails here (docs/benchmarks.md). After the web build, which bench:site and
# bench:user-search serve; before the browser tests, the longest step.
step 'benchmarks in smoke size'
npx tsx scripts/bench/smoke.ts

step 'browser tests (Playwright, Chromium)'
npx playwright test

# What ships, as Lambda runs it (npm start -- --lambda): the journeys that prove the most with every
# function's bundle in processes of its own, its template's environment and its role's permissions; a
# refused call, a variable read that its template does not give or an init failure fails the step.
step 'journeys against the shipped bundles, as Lambda runs them (Playwright, --lambda)'
LOCAL_LAMBDA_ASSEMBLY=.local/cdk.out.check npx playwright test --config playwright.lambda.config.ts

# The crash suite (docs/crash-safety.md, `npm run test:crash`) is not a step here: it walks several hundred
# crash points against the shipped bundles (about 15 minutes on this machine) and the whole command must stay
# under 40 minutes on 2 cores; it is run before a change to a money step lands.

step "all tests passed in $(( $(date +%s) - start ))s"
