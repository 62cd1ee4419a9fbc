import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A link of the header and footer to a fixed address of the site: a plain anchor the router follows
 * on a plain click, and whose page code a hover or focus preloads (as the router's `intent`). The
 * router's Link builds and matches a location and subscribes to the router's state per link, and the
 * header and footer hold about 75 of them: issue 18 measured that work as most of their hydration.
 */
export function SiteLink({
  href,
  current = false,
  className,
  onClick,
  children,
}: {
  href: string;
  /** This is the page shown (aria-current). */
  current?: boolean;
  className?: string;
  onClick?: () => void;
  children: ReactNode;
}) {
  const router = useRouter();
  // `href` wins over `to` (the router builds the location from it).
  const preload = () => void router.preloadRoute({ to: '.', href }).catch(() => undefined);
  return (
    <a
      href={href}
      className={className}
      aria-current={current ? 'page' : undefined}
      onMouseEnter={preload}
      onFocus={preload}
      onTouchStart={preload}
      onClick={(event) => {
        onClick?.();
        // A new tab or window, a download, or a handler that took the click: the browser's own.
        if (event.defaultPrevented || event.button !== 0) return;
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}
