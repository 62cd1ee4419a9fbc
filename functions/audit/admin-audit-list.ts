import { adminAuditList } from '../../shared/api/audit.ts';
import { listAuditEntries } from '../core/audit/audit-list.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAuditList, (input) => listAuditEntries(input));
