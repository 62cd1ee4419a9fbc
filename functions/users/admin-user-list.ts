import { adminUserList } from '../../shared/api/users.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { findUsersForConsole } from '../core/users/admin-users.ts';

export const handler = defineHandler(adminUserList, (input) => findUsersForConsole(input));
