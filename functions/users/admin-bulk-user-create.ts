import { adminBulkUserCreate } from '../../shared/api/users.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { enqueueBulkUserCreate } from '../core/users/bulk-user-create.ts';

export const handler = defineHandler(adminBulkUserCreate, ({ infos, desc }, context) =>
  enqueueBulkUserCreate({
    rows: infos.userCreateInfos,
    assistEmail: infos.assistEmail,
    desc,
    operator: operatorOf(context),
  }),
);
