import type { ComponentType } from 'react';
import type { AdminUserInfo } from '../../../../../shared/api/admin-users.ts';
import { ActivitiesSection } from './ActivitiesSection.tsx';
import { IdentitySection } from './IdentitySection.tsx';
import { PreregistrationSection } from './PreregistrationSection.tsx';

/**
 * The sections of the user detail, in order. Each reads its own key of the admin-user-info answer;
 * the money sections (counters, plans, payments, contact info) are added to this list beside these.
 */
export interface UserDetailSectionProps {
  info: AdminUserInfo;
}

export const USER_DETAIL_SECTIONS: readonly { id: string; Section: ComponentType<UserDetailSectionProps> }[] =
  [
    { id: 'identity', Section: IdentitySection },
    { id: 'preregistration', Section: PreregistrationSection },
    { id: 'activities', Section: ActivitiesSection },
  ];
