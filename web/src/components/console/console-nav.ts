import type { RouteDefinition } from '../../../../shared/api/define-route.ts';
import { adminStaffList } from '../../../../shared/api/staff.ts';

/**
 * The console's navigation (admin-console.md section 2): one entry per screen that exists, in groups by
 * what the screens are about (issue 32, point 4: twenty links in a row took half a phone's first screen;
 * a phone shows them behind a menu button). A later screen adds its entry to its group here (its label
 * under `console-shell:nav`).
 */
export interface ConsoleNavItem {
  to: string;
  /** i18n key in the console-shell namespace. */
  label: string;
  /** The route the screen calls first, when not every staff role may (the entry is hidden from the others). */
  needs?: Pick<RouteDefinition, 'caller' | 'role'>;
}

export interface ConsoleNavGroup {
  /** i18n key in the console-shell namespace. */
  label: string;
  items: readonly ConsoleNavItem[];
}

export const CONSOLE_NAV: readonly ConsoleNavGroup[] = [
  {
    label: 'nav.groups.customers',
    items: [
      { to: '/admin/users', label: 'nav.users' },
      { to: '/admin/userPayment', label: 'nav.user_payment' },
      { to: '/admin/attention', label: 'nav.attention' },
      { to: '/admin/feedbackFiles', label: 'nav.feedback_files' },
    ],
  },
  {
    label: 'nav.groups.money',
    items: [
      { to: '/admin/finance', label: 'nav.finance' },
      { to: '/admin/revenue', label: 'nav.revenue' },
      { to: '/admin/taxInvoice', label: 'nav.tax_invoices' },
      { to: '/admin/customPlan', label: 'nav.custom_plan' },
    ],
  },
  {
    label: 'nav.groups.marketing',
    items: [
      { to: '/admin/coupon', label: 'nav.coupon' },
      { to: '/admin/affiliate', label: 'nav.affiliate' },
      { to: '/admin/affiliateSettlement', label: 'nav.affiliate_settlement' },
      { to: '/admin/surveys', label: 'nav.surveys' },
      { to: '/admin/formBuilder', label: 'nav.form_builder' },
    ],
  },
  {
    label: 'nav.groups.operations',
    items: [
      { to: '/admin', label: 'nav.dashboard' },
      { to: '/admin/bulk', label: 'nav.bulk' },
      { to: '/admin/schedule', label: 'nav.schedule' },
      { to: '/admin/config', label: 'nav.config' },
      { to: '/admin/staff', label: 'nav.staff', needs: adminStaffList },
      { to: '/admin/audit', label: 'nav.audit' },
    ],
  },
];

/** The bulk pages the dashboards link to (section 2: usageCreate, directDepositCreate, userCreate). */
export const BULK_PAGES: readonly ConsoleNavItem[] = [
  { to: '/admin/bulk/userCreate', label: 'bulk.user_create' },
  { to: '/admin/bulk/directDepositCreate', label: 'bulk.direct_deposit_create' },
  { to: '/admin/bulk/usageCreate', label: 'bulk.usage_create' },
];
