import { startTransition, useEffect, useState } from 'react';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { isSignedIn, onSignedInChange } from './session-refresh.ts';

/** Whether the visitor is signed in: undefined until the check answers (and in pre-rendered HTML). */
export function useSignedIn(language: SiteLanguage): boolean | undefined {
  const [signedIn, setSignedIn] = useState<boolean>();
  useEffect(() => {
    let current = true;
    // A transition: the answer re-renders the whole header (every link builds its address), which
    // then yields to the browser instead of holding the main thread just after hydration (issue 18).
    const show = (answer: boolean) => current && startTransition(() => setSignedIn(answer));
    void isSignedIn(language).then(show);
    // A sign-in dialog or the sign-out changes what the header offers without a page load.
    const stop = onSignedInChange(show);
    return () => {
      current = false;
      stop();
    };
  }, [language]);
  return signedIn;
}
