import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../../../shared/product.ts';
import type { StaffRole } from '../../../../shared/staff/staff-roles.ts';
import { endConsoleSession, roleCanCall } from '../../lib/console/console-session.ts';
import { ConfirmProvider } from './ConfirmDialog.tsx';
import { CONSOLE_NAV } from './console-nav.ts';
import { LanguagePicker } from './LanguagePicker.tsx';
import { ConsoleToaster } from './Toaster.tsx';
import { sendWaitingWrites } from './use-undoable-write.ts';
import './console-kit.css';

/**
 * The console's frame: the navigation of section 2 in groups (behind a menu button on a phone), the
 * language picker, the operator and logout.
 */
export function ConsoleLayout({
  operatorEmail,
  role,
  children,
}: {
  operatorEmail: string;
  role?: StaffRole | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('console-shell');
  const navigate = useNavigate();
  const navId = useId();
  // On a phone the navigation opens from its menu button, and closes once a page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const address = useRouterState({ select: (state) => state.location.pathname });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the menu
  useEffect(() => setMenuOpen(false), [address]);
  return (
    <ConfirmProvider>
      <div className="console-shell">
        <header className="console-header">
          <Link to="/admin" className="console-brand">
            {PRODUCT_NAME} {t('console:title')}
          </Link>
          <button
            type="button"
            className="console-nav-toggle console-button secondary"
            aria-expanded={menuOpen}
            aria-controls={navId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {t('nav.menu')}
          </button>
          <nav
            id={navId}
            aria-label={t('nav.label')}
            className="console-nav"
            data-open={menuOpen || undefined}
          >
            {CONSOLE_NAV.map((group) => {
              const items = group.items.filter((item) => !item.needs || roleCanCall(item.needs));
              if (!items.length) return null;
              return (
                <div key={group.label} className="console-nav-group">
                  <span className="console-nav-group-label" id={`${navId}-${group.label}`}>
                    {t(group.label)}
                  </span>
                  <ul aria-labelledby={`${navId}-${group.label}`}>
                    {items.map((item) => (
                      <li key={item.to}>
                        <Link
                          to={item.to}
                          activeOptions={{ exact: item.to === '/admin' }}
                          activeProps={{ 'aria-current': 'page' }}
                        >
                          {t(item.label)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </div>
              );
            })}
          </nav>
          <div className="console-operator">
            <LanguagePicker />
            <span className="console-operator-email">{operatorEmail}</span>
            {role ? <span className="console-operator-role">{t(`role.${role}`)}</span> : null}
            <button
              type="button"
              className="console-button secondary"
              onClick={async () => {
                await sendWaitingWrites();
                await endConsoleSession();
                await navigate({ to: '/admin/login' });
              }}
            >
              {t('console:logout')}
            </button>
          </div>
        </header>
        <main className="console-main">{children}</main>
        <ConsoleToaster />
      </div>
    </ConfirmProvider>
  );
}
