/** What other features and routes use of console-notices. */
export { KakaoNoticesSection } from './components/KakaoNoticesSection.tsx';
