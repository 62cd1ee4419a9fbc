import { nowMs } from '../../clock.ts';

/**
 * Attributes the order entities share: when an item was made and last changed (on the server's clock,
 * so the test clock moves them too) and a coupon's bonus quota (STT in seconds, TTS and TRANSLATE in
 * characters, GENIMAGE in credits).
 */
export const createdAttribute = {
  type: 'number',
  required: true,
  readOnly: true,
  default: () => nowMs(),
} as const;

export const updatedAttribute = {
  type: 'number',
  required: true,
  default: () => nowMs(),
  watch: '*',
  set: () => nowMs(),
} as const;

/**
 * When a record the law keeps is purged (epoch seconds, the table's time-to-live attribute): set once
 * its retention is known (shared/data/record-retention.ts), at its making for a pure record, at the
 * account's deletion for the rest; absent while the account lives.
 */
export const retentionTtlAttribute = { type: 'number' } as const;

export const bonusQuotaAttribute = {
  type: 'map',
  properties: {
    STT: { type: 'number' },
    TTS: { type: 'number' },
    TRANSLATE: { type: 'number' },
    GENIMAGE: { type: 'number' },
  },
} as const;
