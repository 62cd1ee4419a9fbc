import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { readAcquisition } from '../../../lib/analytics/acquisition.ts';
import { useClientValue } from '../../../lib/client-value.ts';
import { useClientInfo } from './use-client-info.ts';

/** The helper's flag: the visitor arrived through a link of ours that asks for the online editor (`?action=try`). */
function flaggedForTry(): boolean {
  return readAcquisition().deeplinkAction === 'try';
}

/**
 * The converted call to action (section 1 and 2): try before download for Korean and Japanese,
 * Safari (the desktop download is a detour there) and flagged visitors.
 */
export function useConvertedCta(lang: SiteLanguage): boolean {
  const { safari } = useClientInfo();
  const flagged = useClientValue(flaggedForTry, false);
  return lang === 'ko' || lang === 'ja' || safari || flagged;
}
