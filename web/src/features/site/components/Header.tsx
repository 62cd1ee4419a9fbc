import { Link, useLocation } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { track } from '../../../lib/analytics/index.ts';
import { signOutOfSite } from '../../../lib/session-refresh.ts';
import { useSignedIn } from '../../../lib/use-signed-in.ts';
import { useHeaderFit } from '../hooks/use-header-fit.ts';
import { type HeaderMenu, headerMenus, headerVisibility, type MenuItem, pricingTarget } from '../menus.ts';
import { ChangeNotice } from './ChangeNotice.tsx';
import { CtaButtons } from './CtaButtons.tsx';
import { LanguageSelect } from './LanguageSelect.tsx';
import { Logo } from './Logo.tsx';
import { SiteLink } from './SiteLink.tsx';

function MenuLink({
  item,
  pathname,
  onNavigate,
}: {
  item: MenuItem;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('site');
  const click = () => {
    track('header', item.eventKey);
    onNavigate?.();
  };
  if (item.isExternal) {
    return (
      <a href={item.url} target="_blank" rel="noopener" onClick={click}>
        {t(item.name)}
        <span className="visually-hidden"> {t('header.new_window')}</span>
      </a>
    );
  }
  return (
    <SiteLink href={item.url} current={item.url === pathname} onClick={click}>
      {t(item.name)}
    </SiteLink>
  );
}

function MenuGroups({
  menu,
  pathname,
  onNavigate,
}: {
  menu: Extract<HeaderMenu, { kind: 'dropdown' }>;
  pathname: string;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('site');
  return (
    <div className={`dropdown-groups ${menu.groups.length > 1 ? 'is-grouped' : ''}`}>
      {menu.groups.map((group) => (
        <div key={group.title ?? 'all'} className="dropdown-group">
          {group.title && <p className="dropdown-group-title">{t(group.title)}</p>}
          <ul>
            {group.items.map((item) => (
              <li key={item.url}>
                <MenuLink item={item} pathname={pathname} onNavigate={onNavigate} />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * A desktop dropdown: opens on hover (section 2), and on click or keyboard for everyone else. Hover is
 * the plain `pointerover` of anything inside, not React's emulated `mouseenter`: that one is derived
 * from out/over pairs and is lost when the element last under the pointer left the page or the top
 * layer (a modal just closed, as on the billing page; mui/material-ui#39401), so the menu stayed shut.
 * A mouse only: a tap is a click, which toggles.
 */
function Dropdown({
  label,
  className = '',
  children,
}: {
  label: string;
  className?: string;
  children: (close: () => void) => ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <li
      className={`menu-dropdown ${className}`}
      onPointerOver={(event) => {
        if (event.pointerType === 'mouse') setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpen(false);
      }}
    >
      <button type="button" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        {label}
      </button>
      <div id={id} className="dropdown-panel" hidden={!open}>
        {children(() => setOpen(false))}
      </div>
    </li>
  );
}

/** The account menu of a signed-in visitor (issue 17): the billing page, and signing out. */
function AccountMenu({ lang, signOut }: { lang: SiteLanguage; signOut: ReactNode }) {
  const { t } = useTranslation('site');
  return (
    <ul className="account-menu">
      <Dropdown label={t('header.account')}>
        {(close) => (
          <ul className="account-menu-items">
            <li>
              <Link to="/$lang/account/billing" params={{ lang }} onClick={close}>
                {t('header.billing')}
              </Link>
            </li>
            <li>{signOut}</li>
          </ul>
        )}
      </Dropdown>
    </ul>
  );
}

/** The mobile menu (under 880 px): closes on an outside click; each sub-menu toggles on its own. */
function MobileMenu({ menus, pathname, extra }: { menus: HeaderMenu[]; pathname: string; extra: ReactNode }) {
  const { t } = useTranslation('site');
  const [open, setOpen] = useState(false);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation closes the menu
  useEffect(() => setOpen(false), [pathname]);
  const toggle = (name: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(name)) next.add(name);
      return next;
    });
  return (
    <div className="mobile-menu" ref={root}>
      <button
        type="button"
        className="mobile-menu-toggle"
        aria-expanded={open}
        aria-controls="mobile-menu-panel"
        onClick={() => setOpen(!open)}
      >
        <span className="hamburger" aria-hidden="true" />
        <span className="visually-hidden">{open ? t('header.close_menu') : t('header.open_menu')}</span>
      </button>
      <div id="mobile-menu-panel" className="mobile-menu-panel" hidden={!open}>
        <ul>
          {menus.map((menu) =>
            menu.kind === 'link' ? (
              <li key={menu.item.url}>
                <MenuLink item={menu.item} pathname={pathname} onNavigate={() => setOpen(false)} />
              </li>
            ) : (
              <li key={menu.name}>
                <button
                  type="button"
                  className="submenu-toggle"
                  aria-expanded={expanded.has(menu.name)}
                  onClick={() => toggle(menu.name)}
                >
                  {t(menu.name)}
                </button>
                <div hidden={!expanded.has(menu.name)}>
                  <MenuGroups menu={menu} pathname={pathname} onNavigate={() => setOpen(false)} />
                </div>
              </li>
            ),
          )}
        </ul>
        {extra}
      </div>
    </div>
  );
}

/**
 * The site header (section 2): logo, the language's menus, Pricing, the change notice, login (log out
 * once signed in), the download and try buttons, the language selector; a menu button under 880 px.
 */
export function Header({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  // Only what the header shows: a new location object (a query change, the router settling after
  // hydration) re-renders nothing.
  const pathname = useLocation({ select: (location) => location.pathname });
  const guid = useLocation({
    select: ({ search }) => {
      const { guid } = search as Record<string, unknown>;
      return typeof guid === 'string' ? guid : undefined;
    },
  });
  const onLanding = pathname === `/${lang}` || pathname === `/${lang}/`;
  const visible = headerVisibility(pathname);
  const menus = headerMenus(lang);
  const signedIn = useSignedIn(lang);
  const inner = useRef<HTMLDivElement>(null);
  useHeaderFit(inner);
  const pricingHref = pricingTarget(lang, pathname, guid);
  const pricing = visible.pricing && (
    <SiteLink
      href={pricingHref}
      current={pricingHref === pathname}
      className="header-pricing"
      onClick={() => track('header', 'menu_pricing')}
    >
      {t('menu.pricing')}
    </SiteLink>
  );
  // Signed in (a payment-start sign-in, say), the header offers the account menu instead.
  const signOut = (
    <button
      type="button"
      className="header-login"
      onClick={async () => {
        track('header', 'logout_click');
        await signOutOfSite().catch(() => undefined);
        window.location.assign(`/${lang}`);
      }}
    >
      {t('header.logout')}
    </button>
  );
  const login = signedIn ? (
    <AccountMenu lang={lang} signOut={signOut} />
  ) : (
    <Link
      to="."
      search={(previous: Record<string, unknown>) => ({ ...previous, open: 'signIn' })}
      className="header-login"
      onClick={() => track('header', 'login_click')}
    >
      {t('header.login')}
    </Link>
  );
  return (
    <header className="site-header">
      <a className="skip-link" href="#main">
        {t('header.skip')}
      </a>
      <div className="site-header-inner" ref={inner}>
        {onLanding ? (
          <a
            href={`/${lang}`}
            className="logo"
            onClick={(event) => {
              event.preventDefault();
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          >
            <Logo />
          </a>
        ) : (
          <SiteLink href={`/${lang}`} className="logo">
            <Logo />
          </SiteLink>
        )}
        <nav aria-label={t('header.main_menu')} className="header-nav">
          <ul className="header-menus">
            {menus.map((menu) =>
              menu.kind === 'link' ? (
                <li
                  key={menu.item.url}
                  className={menu.item.showOnTablet ? 'show-on-tablet' : 'desktop-only'}
                >
                  <MenuLink item={menu.item} pathname={pathname} />
                </li>
              ) : (
                <Dropdown key={menu.name} label={t(menu.name)}>
                  {(close) => <MenuGroups menu={menu} pathname={pathname} onNavigate={close} />}
                </Dropdown>
              ),
            )}
            {pricing && <li>{pricing}</li>}
          </ul>
        </nav>
        <div className="header-actions">
          <ChangeNotice lang={lang} />
          {login}
          <CtaButtons lang={lang} place="header" />
          {visible.languageSelector && <LanguageSelect lang={lang} className="header-language" />}
        </div>
        <MobileMenu
          menus={menus}
          pathname={pathname}
          extra={
            <div className="mobile-menu-extra">
              {pricing}
              {signedIn ? (
                <Link to="/$lang/account/billing" params={{ lang }}>
                  {t('header.billing')}
                </Link>
              ) : null}
              {signedIn ? signOut : login}
              {visible.languageSelector && <LanguageSelect lang={lang} />}
            </div>
          }
        />
      </div>
    </header>
  );
}
