import { describe, expect, it } from 'vitest';
import { importsOf, sources } from '../../../scripts/import-graph.ts';
import { TABLE_DESIGN } from '../../../shared/data/table-design.ts';
import { entities } from './service.ts';

/**
 * The data layer's two rules (docs/architecture.md, "One source of truth"): only functions/core/data talks to the
 * table, and it imports no domain module; every entity's keys are the table design's.
 */
const DATA = 'functions/core/data';

const TABLE_ACCESS = [
  `${DATA}/service.ts`,
  `${DATA}/client.ts`,
  'electrodb',
  '@aws-sdk/client-dynamodb',
  '@aws-sdk/lib-dynamodb',
];

describe('the data layer', () => {
  it('is the only code that talks to the table', () => {
    const outside = [...sources('functions'), ...sources('events')].filter(
      (file) => !file.startsWith(`${DATA}/`),
    );
    const offenders = outside.flatMap((file) =>
      importsOf(file)
        .filter((target) => TABLE_ACCESS.includes(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });

  it('imports no domain module (only shared code and the core’s clock, settings, errors and tracing)', () => {
    const offenders = sources(DATA).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('functions/') && !target.startsWith(`${DATA}/`))
        .filter((target) => !/^functions\/core\/[a-z-]+\.ts$/.test(target))
        .map((target) => `${file} -> ${target}`),
    );
    expect(offenders).toEqual([]);
  });
});

describe('every entity’s keys', () => {
  const designed = new Map<string | undefined, { pk: string; sk: string }>([
    [undefined, { pk: TABLE_DESIGN.partitionKey, sk: TABLE_DESIGN.sortKey }],
    ...TABLE_DESIGN.globalIndexes.map(
      (index) => [index.indexName, { pk: index.partitionKey, sk: index.sortKey }] as const,
    ),
  ]);
  type IndexSchema = { index?: string; pk: { field: string }; sk?: { field: string } };

  it.each(Object.entries(entities))(
    '%s names only the table design’s indexes and key attributes',
    (_, entity) => {
      const indexes = (entity() as unknown as { schema: { indexes: Record<string, IndexSchema> } }).schema
        .indexes;
      for (const [name, index] of Object.entries(indexes)) {
        const keys = designed.get(index.index);
        expect(keys, `${name} uses the index ${index.index}`).toBeDefined();
        expect({ pk: index.pk.field, sk: index.sk?.field }, name).toEqual(keys);
      }
    },
  );
});
