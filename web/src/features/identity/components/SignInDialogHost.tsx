import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';

const SignInDialog = lazy(() =>
  import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })),
);

/**
 * Mounted by the site layout on every page; the dialog's code (forms, rules, route schemas) loads only
 * when `?open=signIn` asks for it, so the marketing pages stay within their JavaScript budget. It
 * opens once the page is hydrated: the pre-rendered HTML has no dialog, whatever the query.
 */
export function SignInDialogHost({ language }: { language: SiteLanguage }) {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  const hydrated = useHydrated();
  if (!hydrated || search.open !== 'signIn') return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog language={language} />
    </Suspense>
  );
}
