import './lib/zod-without-eval.ts';
import { startTransition } from 'react';
import { createBrowserApp } from './app-root.tsx';
import { endDocumentHydration, startDocumentHydration } from './lib/client-value.ts';
import './styles.css';

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

/**
 * Starts the app in three tasks: this module's (the router, i18next, the route tree), React DOM's,
 * then building the router. Evaluated together they were the pricing page's longest task (issue 18).
 */
async function start(): Promise<void> {
  const { createRoot, hydrateRoot } = await import('react-dom/client');
  await nextTask();
  const { router, app } = createBrowserApp();
  const root = document.getElementById('root');
  if (!root) throw new Error('No #root element');
  if (!root.hasChildNodes()) {
    createRoot(root).render(app);
    return;
  }
  // A pre-rendered page: load its route code and translations first, then adopt the HTML as it is.
  // Marking the router as hydrating server HTML makes it render the same boundaries the
  // pre-renderer did (it skips the client-only Suspense around the matches).
  router.ssr = { manifest: undefined };
  startDocumentHydration();
  await router.load();
  // The first navigation ends it: the pages it renders have no HTML to match.
  const unsubscribe = router.subscribe('onBeforeNavigate', () => {
    unsubscribe();
    endDocumentHydration();
  });
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the page is already painted, so nothing waits for it).
  startTransition(() => void hydrateRoot(root, app));
}

void start();
