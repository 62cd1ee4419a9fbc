import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { SiteLanguage } from '../shared/languages.ts';
import { prerenderedPages } from '../shared/site/site-pages.ts';
import type { PageHead } from './src/lib/page-head.ts';

type Render = (url: string) => Promise<{ html: string; head: PageHead | undefined; status: number }>;
type Manifest = Record<
  string,
  { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The chunks a page needs before it can hydrate: its route files and its language's translations. */
function preloadsFor(
  manifest: Manifest,
  lang: SiteLanguage,
  routeFiles: string[],
  namespaces: string[],
): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of Object.keys(manifest)) {
    if (routeFiles.some((file) => key.startsWith(`src/routes/${file}`))) visit(key);
    if (namespaces.some((ns) => key === `src/i18n/locales/${lang}/${ns}.json`)) visit(key);
  }
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
  if (entry) files.delete(entry);
  return [...files].filter((file) => file.endsWith('.js'));
}

/** The route files that render a page path (below $lang): the layout, then the page. */
function routeFilesOf(path: string): string[] {
  const page =
    path === ''
      ? 'index'
      : path
          .slice(1)
          .replace(/^feature\/[^/]+$/, 'feature/$featureSlug')
          .replace(/^solutions\/[^/]+$/, 'solutions/$solutionSlug');
  return ['$lang/route', `$lang/${page}`];
}

/** The namespaces a page loads (the layout's and the page's own), read from its route file. */
function namespacesOf(webRoot: string, routeFiles: string[]): string[] {
  const namespaces = new Set(['common', 'errors', 'site', 'feature-menu']);
  for (const file of routeFiles) {
    const source = readFileSync(join(webRoot, 'src/routes', `${file}.tsx`), 'utf8');
    for (const match of source.matchAll(/loadLanguage\([^,]+,\s*\[([^\]]*)\]/g))
      for (const ns of (match[1] ?? '').matchAll(/'([\w-]+)'/g)) namespaces.add(ns[1] as string);
  }
  return [...namespaces];
}

interface ServerBundle {
  render: Render;
  documentTitle: (title: string) => string;
  headLinksHtml: (url: string) => string;
  SITE_ORIGIN: string;
}

function page(
  server: ServerBundle,
  template: string,
  rendered: { lang: SiteLanguage; url: string; html: string; head: PageHead },
  preloads: string[],
): string {
  const { lang, url, head } = rendered;
  // React writes the resource hints it found (preloads of images) before the markup: they belong in the head.
  const hints = rendered.html.match(/^(<link [^>]*\/>)*/)?.[0] ?? '';
  const html = rendered.html.slice(hints.length);
  return template
    .replace('<html lang="en">', `<html lang="${lang}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(server.documentTitle(head.title))}</title>`)
    .replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(head.description)}" />`,
    )
    .replace(
      '</head>',
      `${hints}${server.headLinksHtml(url)}${preloads
        .filter((file) => !template.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('')}</head>`,
    )
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

/**
 * Pre-renders every marketing page in each of its languages into dist/{lang}/{path}/index.html, and
 * writes sitemap.xml and robots.txt. Runs after the client build, with the SSR build of entry-server.
 */
export async function prerender(options: {
  webRoot: string;
  distDir: string;
  ssrDir: string;
}): Promise<number> {
  const server = (await import(pathToFileURL(join(options.ssrDir, 'entry-server.js')).href)) as ServerBundle;
  const template = readFileSync(join(options.distDir, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(options.distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const urls: string[] = [];
  for (const { path, languages } of prerenderedPages()) {
    const routeFiles = routeFilesOf(path);
    const namespaces = namespacesOf(options.webRoot, routeFiles);
    for (const lang of languages) {
      const url = `/${lang}${path}`;
      const { html, head, status } = await server.render(url);
      if (status !== 200 || !head)
        throw new Error(`Pre-rendering ${url} gave ${status}${head ? '' : ' and no head'}`);
      const file = join(options.distDir, lang, path, 'index.html');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(
        file,
        page(
          server,
          template,
          { lang, url, html, head },
          preloadsFor(manifest, lang, routeFiles, namespaces),
        ),
      );
      urls.push(url);
    }
  }
  writeFileSync(
    join(options.distDir, 'sitemap.xml'),
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
      .map((url) => `  <url><loc>${server.SITE_ORIGIN}${url}</loc></url>`)
      .join('\n')}\n</urlset>\n`,
  );
  writeFileSync(
    join(options.distDir, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /admin/\nDisallow: /*/payment/order/\nDisallow: /*/payment/upgrade/\n\nSitemap: ${server.SITE_ORIGIN}/sitemap.xml\n`,
  );
  rmSync(options.ssrDir, { recursive: true, force: true });
  return urls.length;
}
