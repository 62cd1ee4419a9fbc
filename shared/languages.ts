/** Site languages: the first path segment of every customer page. */
export const SITE_LANGUAGES = ['ko', 'en', 'ja', 'es', 'zh-TW'] as const;
export type SiteLanguage = (typeof SITE_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: SiteLanguage = 'en';

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The visitor's language home: the first browser language we support (matched on the full tag,
 * then on the primary subtag, with every Chinese variant served Traditional Chinese), else English.
 */
export function pickSiteLanguage(preferred: readonly string[]): SiteLanguage {
  for (const tag of preferred) {
    const lower = tag.trim().toLowerCase();
    const exact = SITE_LANGUAGES.find((lang) => lang.toLowerCase() === lower);
    if (exact) return exact;
    const primary = lower.split('-')[0];
    if (primary === 'zh') return 'zh-TW';
    const byPrimary = SITE_LANGUAGES.find((lang) => lang === primary);
    if (byPrimary) return byPrimary;
  }
  return DEFAULT_LANGUAGE;
}

/** Parses an HTTP Accept-Language header into tags ordered by quality. */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim(), quality: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => entry.tag && entry.tag !== '*' && !Number.isNaN(entry.quality) && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag);
}
