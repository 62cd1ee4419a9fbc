import { startTransition, useEffect, useState } from 'react';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { isSignedIn } from './session-refresh.ts';

/** Whether the visitor is signed in: undefined until the check answers (and in pre-rendered HTML). */
export function useSignedIn(language: SiteLanguage): boolean | undefined {
  const [signedIn, setSignedIn] = useState<boolean>();
  useEffect(() => {
    let current = true;
    // A transition: the answer re-renders the whole header (every link builds its address), which
    // then yields to the browser instead of holding the main thread just after hydration (issue 18).
    void isSignedIn(language).then((answer) => current && startTransition(() => setSignedIn(answer)));
    return () => {
      current = false;
    };
  }, [language]);
  return signedIn;
}
