import type { ComponentType } from 'react';
import type { AdminUserInfo } from '../../../../../shared/api/users.ts';
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
 * The sections of the user detail, in order, each with its title (an i18n key) for the detail's
 * section index. Each reads its own key of the admin-user-info answer; the money sections (counters,
 * plans, payments, contact info) are added to this list beside these.
 */
export interface UserDetailSectionProps {
  info: AdminUserInfo;
}

export const USER_DETAIL_SECTIONS: readonly {
  id: string;
  title: string;
  Section: ComponentType<UserDetailSectionProps>;
}[] = [
  { id: 'identity', title: 'console-users:detail.identity', Section: IdentitySection },
  { id: 'actions', title: 'console-payments:actions.title', Section: UserActionsSection },
  { id: 'counters', title: 'console-payments:counter.title', Section: UsageCountersSection },
  { id: 'preregistration', title: 'console-users:preregistration.title', Section: PreregistrationSection },
  { id: 'plans', title: 'console-payments:plans_title', Section: PlansSection },
  { id: 'payments', title: 'console-payments:payments_title', Section: PaymentsSection },
  { id: 'contact', title: 'console-payments:contact.title', Section: ContactInfoSection },
  { id: 'activities', title: 'console-users:activity.title', Section: ActivitiesSection },
];
