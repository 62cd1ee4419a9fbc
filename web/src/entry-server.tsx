import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { HeadCollector, headLinks, type PageHead } from './lib/page-head.ts';
import { createApp } from './router.ts';

/**
 * Renders one page to HTML for the pre-renderer (web/prerender.ts). Nothing is fetched: per-visitor
 * data (plan prices, the release feed) arrives in the browser, into space the HTML has reserved.
 */
export async function render(
  url: string,
): Promise<{ html: string; head: PageHead | undefined; status: number }> {
  const { router, queryClient } = createApp(createMemoryHistory({ initialEntries: [url] }));
  await router.load();
  let head: PageHead | undefined;
  const html = renderToString(
    <StrictMode>
      <HeadCollector.Provider value={(collected) => (head = collected)}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </HeadCollector.Provider>
    </StrictMode>,
  );
  queryClient.clear();
  // Every page sets its head; the not-found page does not, so no head means no page.
  return { html, head, status: head ? 200 : 404 };
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The canonical and hreflang links of a page, as HTML for its head. */
export function headLinksHtml(pathname: string): string {
  const links = headLinks(pathname);
  if (!links) return '';
  return [
    `<link rel="canonical" href="${attribute(links.canonical)}">`,
    ...links.alternates.map(
      (alternate) =>
        `<link rel="alternate" hreflang="${alternate.hreflang}" href="${attribute(alternate.href)}">`,
    ),
  ].join('');
}

export { documentTitle, SITE_ORIGIN } from './lib/page-head.ts';
