import { createFileRoute } from '@tanstack/react-router';
import {
  ContactInfoSection,
  PaymentsSection,
  PlansSection,
  UsageCountersSection,
  UserActionsSection,
} from '../../../../../features/console-money/components/MoneySections.tsx';
import { KakaoNoticesSection } from '../../../../../features/console-notices/index.ts';
import { PlanChangeSection } from '../../../../../features/console-plan-change/index.ts';
import { RenewalConsentsSection } from '../../../../../features/console-renewal-consent/index.ts';
import { ActivitiesSection } from '../../../../../features/console-users/components/ActivitiesSection.tsx';
import { IdentitySection } from '../../../../../features/console-users/components/IdentitySection.tsx';
import { PreregistrationSection } from '../../../../../features/console-users/components/PreregistrationSection.tsx';
import { UserDetail } from '../../../../../features/console-users/components/UserDetail.tsx';
import type { UserDetailSection } from '../../../../../lib/console/user-detail-section.ts';

export const Route = createFileRoute('/admin/_console/users/$id/show')({
  component: UserShow,
});

/** The user detail's sections in order: the route composes the users' and the money features' sections. */
const SECTIONS: readonly UserDetailSection[] = [
  { id: 'identity', title: 'console-users:detail.identity', Section: IdentitySection },
  { id: 'actions', title: 'console-payments:actions.title', Section: UserActionsSection },
  { id: 'counters', title: 'console-payments:counter.title', Section: UsageCountersSection },
  { id: 'preregistration', title: 'console-users:preregistration.title', Section: PreregistrationSection },
  { id: 'plans', title: 'console-payments:plans_title', Section: PlansSection },
  { id: 'payments', title: 'console-payments:payments_title', Section: PaymentsSection },
  { id: 'contact', title: 'console-payments:contact.title', Section: ContactInfoSection },
  { id: 'plan-change', title: 'console-plan-change:title', Section: PlanChangeSection },
  { id: 'renewal-consents', title: 'console-renewal-consent:title', Section: RenewalConsentsSection },
  { id: 'kakao-notices', title: 'console-notices:title', Section: KakaoNoticesSection },
  { id: 'activities', title: 'console-users:activity.title', Section: ActivitiesSection },
];

function UserShow() {
  const { id } = Route.useParams();
  return <UserDetail uid={id} sections={SECTIONS} />;
}
