import { adminBulkUserCreate } from '../../shared/api/admin-users.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { enqueueBulkUserCreate } from '../core/identity/bulk-user-create.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminBulkUserCreate, ({ infos, desc }, context) =>
  enqueueBulkUserCreate({
    rows: infos.userCreateInfos,
    assistEmail: infos.assistEmail,
    desc,
    operator: operatorOf(context),
  }),
);
