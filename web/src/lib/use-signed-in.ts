import { useEffect, useState } from 'react';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { isSignedIn } from './session-refresh.ts';

/** Whether the visitor is signed in: undefined until the check answers (and in pre-rendered HTML). */
export function useSignedIn(language: SiteLanguage): boolean | undefined {
  const [signedIn, setSignedIn] = useState<boolean>();
  useEffect(() => {
    let current = true;
    void isSignedIn(language).then((answer) => current && setSignedIn(answer));
    return () => {
      current = false;
    };
  }, [language]);
  return signedIn;
}
