import { createContext, useContext, useEffect } from 'react';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import { languagesOf, sitePageOf } from '../../../shared/site/site-pages.ts';

/** Where the site is served; canonical and hreflang URLs are absolute (set VITE_SITE_ORIGIN per stage). */
export const SITE_ORIGIN: string = import.meta.env.VITE_SITE_ORIGIN ?? 'https://www.cutloom.app';

export interface PageHead {
  title: string;
  description: string;
  /** Per-visitor pages (upgrade pricing) are not indexed. */
  noindex?: boolean;
}

export interface HeadLinks {
  canonical: string;
  alternates: Array<{ hreflang: string; href: string }>;
}

/**
 * Canonical URL and hreflang alternates of a page: one per language the page exists in, plus
 * x-default (English when the page has it, else its first language).
 */
export function headLinks(pathname: string): HeadLinks | undefined {
  const page = sitePageOf(pathname);
  if (!page) return undefined;
  const rest = pathname.split('/').filter(Boolean).slice(1);
  const url = (lang: string) => `${SITE_ORIGIN}/${[lang, ...rest].join('/')}`;
  const languages = languagesOf(page.pattern);
  const fallback = languages.includes(DEFAULT_LANGUAGE) ? DEFAULT_LANGUAGE : (languages[0] as string);
  return {
    canonical: url(page.lang),
    alternates: [
      ...languages.map((lang) => ({ hreflang: lang, href: url(lang) })),
      { hreflang: 'x-default', href: url(fallback) },
    ],
  };
}

export function documentTitle(title: string): string {
  return title === PRODUCT_NAME ? title : `${title} | ${PRODUCT_NAME}`;
}

/** Filled by the pre-renderer: the head of the page being rendered. */
export const HeadCollector = createContext<((head: PageHead) => void) | undefined>(undefined);

function setMeta(name: string, content: string | undefined) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (content === undefined) return element?.remove();
  if (!element) {
    element = document.createElement('meta');
    element.name = name;
    document.head.append(element);
  }
  element.content = content;
}

function setLinks(pathname: string) {
  for (const link of document.head.querySelectorAll('link[rel="canonical"], link[rel="alternate"][hreflang]'))
    link.remove();
  const links = headLinks(pathname);
  if (!links) return;
  const add = (attributes: Record<string, string>) => {
    const link = document.createElement('link');
    for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
    document.head.append(link);
  };
  add({ rel: 'canonical', href: links.canonical });
  for (const alternate of links.alternates)
    add({ rel: 'alternate', hreflang: alternate.hreflang, href: alternate.href });
}

/** Sets the page's title, description, robots, canonical and alternates (pre-rendered, and on every navigation). */
export function usePageHead(head: PageHead): void {
  const collect = useContext(HeadCollector);
  collect?.(head);
  useEffect(() => {
    document.title = documentTitle(head.title);
    setMeta('description', head.description);
    setMeta('robots', head.noindex ? 'noindex' : undefined);
    setLinks(location.pathname);
  }, [head.title, head.description, head.noindex]);
}
