import type { TestProject } from 'vitest/node';
import { CHECK_ASSEMBLY, ensureSynthesis } from '../../scripts/deploy/synth.ts';
import { DUPLICATE_DELIVERY_VARIABLE } from '../../scripts/local/at-least-once.ts';
import { type Runtime, startRuntime } from '../../scripts/local/runtime.ts';
import { LAMBDA_ASSEMBLY_VARIABLE } from '../integration/isolated-runtime.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoEndpoint: string;
    tableName: string;
    idTokenSecret: string;
  }
}

let runtime: Runtime | undefined;

/**
 * The crash suite's runtime: `npm start -- --lambda` (every money route, target and consumer answered by
 * its bundle from the synthesized assembly, in processes of its own that the suite ends at its crash
 * points), DynamoDB Local in memory, every SQS message and scheduled event delivered twice, and the daily
 * reconciliation on: it compares the provider's payments with ours each night the clock passes.
 */
export async function setup(project: TestProject): Promise<void> {
  process.env[DUPLICATE_DELIVERY_VARIABLE] ??= '1';
  const assemblyDir = process.env[LAMBDA_ASSEMBLY_VARIABLE] ?? CHECK_ASSEMBLY;
  // Made when missing or older than the sources, as `npm start -- --lambda` does.
  if (!process.env[LAMBDA_ASSEMBLY_VARIABLE]) await ensureSynthesis(assemblyDir, (line) => console.log(line));
  runtime = await startRuntime({
    port: 0,
    inMemory: true,
    web: 'none',
    quiet: true,
    lambda: { assemblyDir },
  });
  project.provide('apiUrl', runtime.url);
  project.provide('dynamoEndpoint', runtime.dynamoEndpoint);
  project.provide('tableName', runtime.tableName);
  project.provide('idTokenSecret', runtime.idTokenSecret);
}

export async function teardown(): Promise<void> {
  const findings = runtime?.lambda?.findings() ?? [];
  await runtime?.stop();
  if (findings.length)
    throw new Error(`The functions as Lambda runs them: ${JSON.stringify(findings, null, 2)}`);
}
