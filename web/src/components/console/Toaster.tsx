import { Toaster as SonnerToaster } from 'sonner';

/** Where the console's toasts appear: top right, above dialogs, each for four seconds. */
export function ConsoleToaster() {
  return <SonnerToaster position="top-right" richColors closeButton duration={4000} />;
}
