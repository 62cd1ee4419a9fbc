import {
  SUPPORT_BULK_GRANT_CONFIG,
  SUPPORT_BULK_GRANT_DEFAULT,
  SupportBulkGrantLimitSchema,
} from '../../../shared/staff/staff-roles.ts';
import { findConfigByName } from '../data/config-repository.ts';
import { AdminError } from '../errors.ts';
import { logger } from '../logger.ts';
import type { StaffCaller } from '../pipeline.ts';

/** The support role's bound on a bulk usage grant: the config entry, else the default. */
export async function supportBulkGrantLimit(): Promise<number> {
  const entry = await findConfigByName(SUPPORT_BULK_GRANT_CONFIG);
  if (!entry) return SUPPORT_BULK_GRANT_DEFAULT;
  try {
    return SupportBulkGrantLimitSchema.parse(JSON.parse(entry.value));
  } catch (error) {
    // The config form refuses such a value; one written some other way must not open the bound.
    logger.error('The support bulk grant limit is unreadable: the default holds', { error });
    return SUPPORT_BULK_GRANT_DEFAULT;
  }
}

/** Support grants usage to at most the configured number of accounts at once; an admin to any number. */
export async function checkBulkGrantSize(staff: StaffCaller, accounts: number): Promise<void> {
  if (staff.role === 'admin') return;
  const limit = await supportBulkGrantLimit();
  if (accounts > limit)
    throw new AdminError(
      'insufficient_role',
      `The support role grants usage to at most ${limit} accounts at once`,
    );
}
