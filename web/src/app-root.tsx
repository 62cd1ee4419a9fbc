import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createApp } from './router.ts';

/** The browser's app: its router and the element main.tsx renders or hydrates. */
export function createBrowserApp() {
  const { router, queryClient } = createApp();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  return { router, app };
}
