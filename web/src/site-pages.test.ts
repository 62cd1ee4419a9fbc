import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT_PAGES, SITE_PAGES } from '../../shared/site/site-pages.ts';

/**
 * The server answers 404 for every path outside SITE_PAGES (CloudFront and the local gateway), so the
 * pages the router renders under /{lang} and that list must be the same set.
 */
function pagePattern(file: string): string | undefined {
  if (!file.startsWith('$lang/') || !file.endsWith('.tsx')) return undefined;
  const segments = file.slice('$lang/'.length, -'.tsx'.length).split('/');
  const last = segments.at(-1);
  if (last === 'route' || last === '$') return undefined;
  if (last === 'index') segments.pop();
  return `/${segments.map((segment) => (segment.startsWith('$') ? `{${segment.slice(1)}}` : segment)).join('/')}`;
}

describe('site pages', () => {
  it('are exactly the page routes below /$lang', () => {
    const files = readdirSync(join(import.meta.dirname, 'routes'), { recursive: true, encoding: 'utf8' });
    const pages = files.map(pagePattern).filter((pattern): pattern is string => Boolean(pattern));
    expect(pages.sort()).toEqual([...SITE_PAGES].sort());
  });

  it('outside the language prefix are exactly the root page routes', () => {
    const files = readdirSync(join(import.meta.dirname, 'routes'), { encoding: 'utf8' });
    const roots = files
      .filter((file) => file.endsWith('.tsx') && !['__root.tsx', 'index.tsx'].includes(file))
      .map((file) => `/${file.slice(0, -'.tsx'.length)}`);
    expect(roots.sort()).toEqual([...ROOT_PAGES].sort());
  });
});
