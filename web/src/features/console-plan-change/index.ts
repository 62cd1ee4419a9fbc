/** The console's view of a change of plan at the next renewal: a section of the user detail. */
export { PlanChangeSection } from './components/PlanChangeSection.tsx';
