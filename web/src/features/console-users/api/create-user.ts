import { useMutation } from '@tanstack/react-query';
import { adminUserCreate } from '../../../../../shared/api/users.ts';
import type { AdminUserCreateForm } from '../../../../../shared/users/admin-user-rules.ts';
import { adminCall } from '../../../lib/console/admin-api.ts';

export const createUser = (info: AdminUserCreateForm) => adminCall(adminUserCreate, { info });

export const useCreateUser = () => useMutation({ mutationFn: createUser });
