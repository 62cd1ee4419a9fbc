import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';

const SignInDialog = lazy(() =>
  import('./SignInDialog.tsx').then((module) => ({ default: module.SignInDialog })),
);

/**
 * Mounted by the site layout on every page; the dialog's code (forms, rules, route schemas) loads only
 * when `?open=signIn` asks for it, so the marketing pages stay within their JavaScript budget.
 */
export function SignInDialogHost({ language }: { language: SiteLanguage }) {
  const search = useLocation({ select: (location) => location.search as Record<string, unknown> });
  if (search.open !== 'signIn') return null;
  return (
    <Suspense fallback={null}>
      <SignInDialog language={language} />
    </Suspense>
  );
}
