/** What other features use of console-direct-deposits; anything else in this folder is its own. */
export { DepositFields } from './components/DepositFields.tsx';
