/** What other features and the routes use of the renewal consent; anything else here is its own. */
export { RenewalConsentPage } from './components/RenewalConsentPage.tsx';
export { RenewalConsentSection } from './components/RenewalConsentSection.tsx';
