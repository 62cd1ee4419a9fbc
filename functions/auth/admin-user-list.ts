import { adminUserList } from '../../shared/api/admin-users.ts';
import { findUsersForConsole } from '../core/identity/admin-users.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminUserList, (input) => findUsersForConsole(input));
