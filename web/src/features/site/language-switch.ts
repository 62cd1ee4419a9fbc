import type { SiteLanguage } from '../../../../shared/languages.ts';
import { classifySitePath } from '../../../../shared/site/site-pages.ts';

/**
 * The same page in another language, keeping the query (section 4); the language home when that
 * page does not exist in the other language (a Japanese-only page, say).
 */
export function pathInLanguage(pathname: string, search: string, target: SiteLanguage): string {
  const rest = pathname.split('/').filter(Boolean).slice(1);
  const candidate = `/${[target, ...rest].join('/')}`;
  return classifySitePath(candidate) === 'site-page' ? `${candidate}${search}` : `/${target}${search}`;
}

export const LANGUAGE_NAMES: Record<SiteLanguage, string> = {
  ko: '한국어',
  en: 'English',
  ja: '日本語',
  es: 'Español',
  'zh-TW': '繁體中文',
};
