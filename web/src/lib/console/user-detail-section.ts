import type { ComponentType } from 'react';
import type { AdminUserInfo } from '../../../../shared/api/users.ts';

/**
 * A section of the console's user detail: each reads its own key of the admin-user-info answer. The
 * features that own the sections (users, money) export them; the detail's route puts them in order.
 */
export interface UserDetailSectionProps {
  info: AdminUserInfo;
}

export interface UserDetailSection {
  id: string;
  /** The section's title, an i18n key, for the detail's section index. */
  title: string;
  Section: ComponentType<UserDetailSectionProps>;
}
