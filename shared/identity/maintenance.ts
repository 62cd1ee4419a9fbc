import * as z from 'zod';

/**
 * Sign-up maintenance is a config entry (console: config) named SIGN_UP_MAINTENANCE_CONFIG whose value
 * is this JSON, e.g. {"type":"planned","startAt":"2026-12-01T00:00:00Z","endAt":"2026-12-01T02:00:00Z"}.
 * Sign-up answers with `maintenance` (and creates nothing) while now is inside [startAt, endAt).
 */
export const SIGN_UP_MAINTENANCE_CONFIG = 'signup-maintenance';

export const MaintenanceSchema = z.object({
  type: z.enum(['planned', 'emergency']),
  startAt: z.iso.datetime({ offset: true }),
  endAt: z.iso.datetime({ offset: true }),
});
export type Maintenance = z.infer<typeof MaintenanceSchema>;

/** The maintenance in force at `nowMs`, if the config value is one; a malformed value is none. */
export function maintenanceInForce(configValue: string | undefined, nowMs: number): Maintenance | undefined {
  if (!configValue) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(configValue);
  } catch {
    return undefined;
  }
  const result = MaintenanceSchema.safeParse(parsed);
  if (!result.success) return undefined;
  const { startAt, endAt } = result.data;
  return Date.parse(startAt) <= nowMs && nowMs < Date.parse(endAt) ? result.data : undefined;
}
