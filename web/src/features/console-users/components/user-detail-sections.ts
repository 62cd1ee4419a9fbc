import type { ComponentType } from 'react';
import type { AdminUserInfo } from '../../../../../shared/api/admin-users.ts';
import {
  ContactInfoSection,
  PaymentsSection,
  PlansSection,
  UsageCountersSection,
  UserActionsSection,
} from '../../console-money/components/MoneySections.tsx';
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
    { id: 'actions', Section: UserActionsSection },
    { id: 'counters', Section: UsageCountersSection },
    { id: 'preregistration', Section: PreregistrationSection },
    { id: 'plans', Section: PlansSection },
    { id: 'payments', Section: PaymentsSection },
    { id: 'contact', Section: ContactInfoSection },
    { id: 'activities', Section: ActivitiesSection },
  ];
