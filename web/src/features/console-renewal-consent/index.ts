/** The console's view of renewal consents: a section of the user detail. */
export { RenewalConsentsSection } from './components/RenewalConsentsSection.tsx';
