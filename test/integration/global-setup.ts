import type { TestProject } from 'vitest/node';
import { DUPLICATE_DELIVERY_VARIABLE } from '../../scripts/local/at-least-once.ts';
import { RECONCILIATION_VARIABLE } from '../../scripts/local/reconciliation-switch.ts';
import { type Runtime, startRuntime } from '../../scripts/local/runtime.ts';

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
 * One local runtime for the whole integration run: DynamoDB Local in memory, the gateway on a free
 * port, duplicate deliveries on. The handlers run in this process; tests reach them only over HTTP (or
 * the table directly).
 */
export async function setup(project: TestProject): Promise<void> {
  // At-least-once delivery on: every SQS message and scheduled event is delivered twice, here and in the
  // runtimes tests start themselves (they inherit this environment).
  process.env[DUPLICATE_DELIVERY_VARIABLE] ??= '1';
  // No nightly reconciliation in the runtimes of tests that do not ask for one.
  process.env[RECONCILIATION_VARIABLE] ??= 'off';
  runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
  project.provide('apiUrl', runtime.url);
  project.provide('dynamoEndpoint', runtime.dynamoEndpoint);
  project.provide('tableName', runtime.tableName);
  project.provide('idTokenSecret', runtime.idTokenSecret);
}

export async function teardown(): Promise<void> {
  await runtime?.stop();
}
