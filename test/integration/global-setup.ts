import type { TestProject } from 'vitest/node';
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
 * port. The handlers run in this process; tests reach them only over HTTP (or the table directly).
 */
export async function setup(project: TestProject): Promise<void> {
  runtime = await startRuntime({ port: 0, inMemory: true, web: 'none', quiet: true });
  project.provide('apiUrl', runtime.url);
  project.provide('dynamoEndpoint', runtime.dynamoEndpoint);
  project.provide('tableName', runtime.tableName);
  project.provide('idTokenSecret', runtime.idTokenSecret);
}

export async function teardown(): Promise<void> {
  await runtime?.stop();
}
