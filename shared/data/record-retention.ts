/**
 * How long the records the law makes a seller keep are kept (전자상거래법 제6조 제1항; 시행령 제6조
 * 제1항): records of contracts and of their withdrawal (청약철회) five years, of payments and of the
 * supply of what was sold five years, of consumers' complaints and their handling three years. The law
 * lets the identity of the party stay with those records even after the customer withdraws consent to
 * the use of personal data (법 제6조 제3항), and 개인정보보호법 제21조 has everything else destroyed
 * without delay, or what another law keeps stored apart from the rest.
 *
 * A kept item carries the table's time-to-live attribute (TABLE_DESIGN.timeToLiveAttribute): DynamoDB
 * deletes it once its retention has run (within days of that moment, as the service promises).
 */
export const RECORD_RETENTION_YEARS = { contract: 5, payment: 5, complaint: 3 } as const;
export type RecordClass = keyof typeof RECORD_RETENTION_YEARS;

/** The time-to-live (epoch seconds) of a record made at `recordMs`: the same instant, its years later. */
export function retentionTtl(recordMs: number, recordClass: RecordClass): number {
  const end = new Date(recordMs);
  end.setUTCFullYear(end.getUTCFullYear() + RECORD_RETENTION_YEARS[recordClass]);
  return Math.ceil(end.getTime() / 1000);
}
