import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { SITE_LANGUAGES, type SiteLanguage } from '../shared/languages.ts';
import { PRODUCT_NAME } from '../shared/product.ts';
import { inlineScripts, PRERENDERED_INLINE_SCRIPTS } from '../shared/site/security-headers.ts';
import { prerenderedPages, SITE_REDIRECTS, siteRedirectLocation } from '../shared/site/site-pages.ts';
import type { PageHead } from './src/lib/page-head.ts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type Render = (url: string) => Promise<{ html: string; head: PageHead | undefined; status: number }>;
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
    .replace('</head>', `${hints}${server.headLinksHtml(url)}</head>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

/**
 * Puts the site's one stylesheet into the page: a pre-rendered page then paints from its first
 * response, without another round trip (the sheet is small; the app shell keeps the linked file).
 */
function inlineStylesheet(template: string, distDir: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/,
    (_, file: string) => {
      const css = readFileSync(join(distDir, file), 'utf8');
      return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
    },
  );
}

/**
 * The site's policy admits no inline script but the ones it lists by hash: a page carrying another
 * would run without it in every browser, so the build stops and names the hash to review and list.
 */
function checkInlineScripts(url: string, page: string): void {
  for (const body of inlineScripts(page)) {
    const hash = createHash('sha256').update(body).digest('base64');
    if (!(PRERENDERED_INLINE_SCRIPTS as readonly string[]).includes(hash))
      throw new Error(
        `${url} carries an inline script the content security policy does not admit (sha256 ${hash}): ` +
          'review it and list the hash in PRERENDERED_INLINE_SCRIPTS (shared/site/security-headers.ts)',
      );
  }
}

/**
 * The page of a typed alias (`/ko/login/index.html`) for a host that serves the files without CloudFront's
 * function, which answers the alias with a redirect before any file: it sends the browser on at once
 * (no script, which the policy would refuse), names its target as canonical and is not indexed.
 */
function redirectPage(lang: SiteLanguage, location: string, origin: string): string {
  const href = escapeHtml(location);
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="UTF-8" />
<meta name="robots" content="noindex" />
<meta http-equiv="refresh" content="0; url=${href}" />
<link rel="canonical" href="${escapeHtml(origin)}${href}" />
<title>${PRODUCT_NAME}</title>
</head>
<body><a href="${href}">${escapeHtml(origin)}${href}</a></body>
</html>
`;
}

/**
 * Pre-renders every marketing page in each of its languages into dist/{lang}/{path}/index.html, the
 * typed aliases' pages beside them, and writes sitemap.xml and robots.txt. Runs after the client build, with the SSR build of entry-server.
 */
export async function prerender(options: {
  webRoot: string;
  distDir: string;
  ssrDir: string;
}): Promise<number> {
  const server = (await import(pathToFileURL(join(options.ssrDir, 'entry-server.js')).href)) as ServerBundle;
  const template = inlineStylesheet(
    readFileSync(join(options.distDir, 'index.html'), 'utf8'),
    options.distDir,
  );
  const urls: string[] = [];
  for (const { path, languages } of prerenderedPages()) {
    for (const lang of languages) {
      const url = `/${lang}${path}`;
      const { html, head, status } = await server.render(url);
      if (status !== 200 || !head)
        throw new Error(`Pre-rendering ${url} gave ${status}${head ? '' : ' and no head'}`);
      const file = join(options.distDir, lang, path, 'index.html');
      mkdirSync(dirname(file), { recursive: true });
      const written = page(server, template, { lang, url, html, head });
      checkInlineScripts(url, written);
      writeFileSync(file, written);
      urls.push(url);
    }
  }
  for (const alias of Object.keys(SITE_REDIRECTS)) {
    for (const lang of SITE_LANGUAGES) {
      const file = join(options.distDir, lang, alias, 'index.html');
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, redirectPage(lang, siteRedirectLocation(alias, lang, ''), server.SITE_ORIGIN));
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
