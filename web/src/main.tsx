import './lib/zod-without-eval.ts';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { endDocumentHydration, startDocumentHydration } from './lib/client-value.ts';
import { createApp } from './router.ts';
import './styles.css';

const { router, queryClient } = createApp();
const root = document.getElementById('root');
if (!root) throw new Error('No #root element');
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);
if (root.hasChildNodes()) {
  // A pre-rendered page: load its route code and translations first, then adopt the HTML as it is.
  // Marking the router as hydrating server HTML makes it render the same boundaries the
  // pre-renderer did (it skips the client-only Suspense around the matches).
  router.ssr = { manifest: undefined };
  // In a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (the page is already painted, so nothing waits for it).
  startDocumentHydration();
  void router.load().then(() => {
    // The first navigation ends it: the pages it renders have no HTML to match.
    const unsubscribe = router.subscribe('onBeforeNavigate', () => {
      unsubscribe();
      endDocumentHydration();
    });
    startTransition(() => void hydrateRoot(root, app));
  });
} else {
  createRoot(root).render(app);
}
