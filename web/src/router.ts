import { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';

/** The app's router and query client: the browser's (main.tsx) and the pre-renderer's (entry-server.tsx). */
export function createApp(history?: RouterHistory) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
  });
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: true,
    // Plain query strings (`?guid=…&test=1`): every value is text, as the payment pages and
    // partners' links write them, instead of the router's default JSON values.
    parseSearch: (search) => Object.fromEntries(new URLSearchParams(search)),
    stringifySearch: (search) => {
      const query = new URLSearchParams(
        Object.entries(search)
          .filter(([, value]) => value !== undefined && value !== null)
          .map(([name, value]) => [name, String(value)]),
      ).toString();
      return query ? `?${query}` : '';
    },
    ...(history ? { history } : {}),
  });
  return { router, queryClient };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createApp>['router'];
  }
}
