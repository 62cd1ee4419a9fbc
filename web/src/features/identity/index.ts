/** What other features use of identity; anything else in this folder is its own. */
export { useRedirectSignedInToApp } from './hooks/use-signed-in-redirect.ts';
