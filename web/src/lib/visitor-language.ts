import { pickSiteLanguage, type SiteLanguage } from '../../../shared/languages.ts';

/** The visitor's language home: the browser's languages, else English (the server uses Accept-Language). */
export function visitorLanguage(): SiteLanguage {
  return pickSiteLanguage(typeof navigator === 'undefined' ? [] : navigator.languages);
}
