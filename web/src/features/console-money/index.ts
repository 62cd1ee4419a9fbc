/** What other features use of console-money; anything else in this folder is its own. */
export { minutesAndSeconds } from './components/usage-format.ts';
