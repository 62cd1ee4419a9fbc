/** What other features use of the account deletion; anything else here is its own. */
export { AccountDeletionSection } from './components/AccountDeletionSection.tsx';
