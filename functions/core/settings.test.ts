import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT,
  ENVIRONMENT_FAMILIES,
  functionEnvironment,
  localEnvironment,
  routeNeeds,
} from './environment-variables.ts';

/** settings.ts is the one reader of the environment, and every variable the code names is declared there. */
const ROOT = resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  return readdirSync(resolve(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => join(folder, file));
}

describe('the environment', () => {
  it('is read only by functions/core/settings.ts', () => {
    const readers = [...sources('functions'), ...sources('events')].filter(
      (file) =>
        file !== 'functions/core/settings.ts' &&
        /process\.env\b|process\[['"]env['"]\]/.test(readFileSync(resolve(ROOT, file), 'utf8')),
    );
    expect(readers).toEqual([]);
  });

  it('declares each variable once, and no family swallows a declared name', () => {
    const names = Object.keys(ENVIRONMENT);
    const families = Object.keys(ENVIRONMENT_FAMILIES);
    expect(names.filter((name) => families.some((prefix) => name.startsWith(prefix)))).toEqual([]);
  });

  it('gives a function the declared variables its needs call for, and names those left without a value', () => {
    const needs = routeNeeds({ service: 'payment', caller: 'user', grants: ['table:read', 'sms:send'] });
    const { environment, unset } = functionEnvironment(needs, {
      STAGE: 'dev',
      TABLE_NAME: 'table',
      ID_TOKEN_SECRET_ARN: 'arn:token',
      MAIL_FROM: 'mail@example.com',
      COOLSMS_SECRET_ARN: 'arn:sms',
      QUEUE_URL_BULK: 'https://queue',
    });
    expect(environment).toEqual({
      STAGE: 'dev',
      TABLE_NAME: 'table',
      ID_TOKEN_SECRET_ARN: 'arn:token',
      COOLSMS_SECRET_ARN: 'arn:sms',
    });
    expect(unset.sort()).toEqual(
      [
        'ORIGIN_SECRET_ARN',
        'COOLSMS_SENDER',
        'ALIMTALK_SECRET_ARN',
        'POWERTOOLS_METRICS_NAMESPACE',
        'POWERTOOLS_SERVICE_NAME',
      ].sort(),
    );
  });

  it('refuses a value for an undeclared variable, and a deployment value for a one-machine one', () => {
    expect(() => functionEnvironment(new Set(['function']), { NOT_DECLARED: 'x' })).toThrow(/NOT_DECLARED/);
    expect(() => functionEnvironment(new Set(['function']), { AWS_ENDPOINT_URL_DYNAMODB: 'x' })).toThrow(
      /AWS_ENDPOINT_URL_DYNAMODB/,
    );
    expect(() => localEnvironment({ AWS_ENDPOINT_URL_DYNAMODB: 'x', TYPO_URL: 'y' })).toThrow(/TYPO_URL/);
    expect(localEnvironment({ AWS_ENDPOINT_URL_DYNAMODB: 'x', QUEUE_URL_BULK: 'y' })).toEqual({
      AWS_ENDPOINT_URL_DYNAMODB: 'x',
      QUEUE_URL_BULK: 'y',
    });
  });
});
