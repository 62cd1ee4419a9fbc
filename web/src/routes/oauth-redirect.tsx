import { createFileRoute } from '@tanstack/react-router';
import { OAuthRedirectRelay } from '../features/identity/components/OAuthRedirectRelay.tsx';

/** Google's redirect URI of the sign-in popup (outside the language prefix: one registered URI). */
export const Route = createFileRoute('/oauth-redirect')({
  component: OAuthRedirectRelay,
});
