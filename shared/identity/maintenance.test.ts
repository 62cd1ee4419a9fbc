import { describe, expect, it } from 'vitest';
import { maintenanceInForce } from './maintenance.ts';

const window = { type: 'planned', startAt: '2026-12-01T00:00:00Z', endAt: '2026-12-01T02:00:00+00:00' };
const at = (iso: string) => Date.parse(iso);

describe('sign-up maintenance', () => {
  it('is in force from its start (inclusive) to its end (exclusive)', () => {
    const value = JSON.stringify(window);
    expect(maintenanceInForce(value, at('2026-11-30T23:59:59Z'))).toBeUndefined();
    expect(maintenanceInForce(value, at('2026-12-01T00:00:00Z'))).toEqual(window);
    expect(maintenanceInForce(value, at('2026-12-01T01:59:59Z'))).toEqual(window);
    expect(maintenanceInForce(value, at('2026-12-01T02:00:00Z'))).toBeUndefined();
  });
  it('understands emergency windows and offsets', () => {
    const emergency = {
      type: 'emergency',
      startAt: '2026-12-01T09:00:00+09:00',
      endAt: '2026-12-01T10:00:00+09:00',
    };
    expect(maintenanceInForce(JSON.stringify(emergency), at('2026-12-01T00:30:00Z'))).toEqual(emergency);
  });
  it.each([undefined, '', 'off', '{"type":"planned"}', JSON.stringify({ ...window, type: 'maybe' })])(
    'treats %j as no maintenance',
    (value) => expect(maintenanceInForce(value, at('2026-12-01T01:00:00Z'))).toBeUndefined(),
  );
});
