import { Link, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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

/** The console's frame: the navigation of section 2, the language picker, the operator and logout. */
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
  return (
    <ConfirmProvider>
      <div className="console-shell">
        <header className="console-header">
          <Link to="/admin" className="console-brand">
            {PRODUCT_NAME} {t('console:title')}
          </Link>
          <nav aria-label={t('nav.label')} className="console-nav">
            <ul>
              {CONSOLE_NAV.filter((item) => !item.needs || roleCanCall(item.needs)).map((item) => (
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
