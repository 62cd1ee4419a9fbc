/**
 * The one table's physical design, declared once: the CDK table (infra/stateful) and the local
 * table creation (scripts/local) both build from it, and the ElectroDB service maps its indexes
 * onto these attribute names. The GSIs are overloaded: each entity names its own access pattern
 * (for example Config's `byName` on gsi1) in functions/core/data/entities.
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
    { indexName: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk' },
  ],
  /** Epoch seconds after which DynamoDB deletes an item (sessions, rate-limit windows, events). */
  timeToLiveAttribute: 'ttl',
  /** The table's stream: every change with both images (read by the locked copy's consumer). */
  streamView: 'NEW_AND_OLD_IMAGES',
} as const;

export type GlobalIndexName = (typeof TABLE_DESIGN.globalIndexes)[number]['indexName'];
