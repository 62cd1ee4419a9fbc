import type { SiteLanguage } from '../../../../shared/languages.ts';

/** The online editor (the try link) and the app a signed-in visitor goes to. */
export const APP_ORIGIN = 'https://app.cutloom.app';

export function tryUrl(lang: SiteLanguage): string {
  return `${APP_ORIGIN}/try?lang=${encodeURIComponent(lang)}`;
}

/** Places of ours outside this site (section 2: tutorial, community forum, company site, chat). */
export const EXTERNAL_LINKS = {
  tutorial: (lang: SiteLanguage) => `https://help.cutloom.app/${lang}/tutorials`,
  community: () => 'https://community.cutloom.app',
  company: () => 'https://company.cutloom.app',
  chat: () => 'https://chat.cutloom.app',
} as const;
export type ExternalLink = keyof typeof EXTERNAL_LINKS;
