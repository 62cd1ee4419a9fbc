import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT, ENVIRONMENT_FAMILIES } from './environment-variables.ts';

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
});
