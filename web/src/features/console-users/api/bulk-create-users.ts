import { adminBulkUserCreate, type BulkUserRow } from '../../../../../shared/api/users.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

/** Queues a bulk user create; the page follows the job with the console's bulk-job progress. */
export const bulkCreateUsers = (input: { rows: BulkUserRow[]; assistEmail: string; desc: string }) =>
  adminCall(adminBulkUserCreate, {
    infos: { userCreateInfos: input.rows, assistEmail: input.assistEmail },
    desc: input.desc,
  });
