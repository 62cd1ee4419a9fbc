/** What other features and the routes use of the change of plan at renewal; anything else here is its own. */
export { PlanChangeSection } from './components/PlanChangeSection.tsx';
