import { adminFinanceLedger } from '../../shared/api/finance.ts';
import { financeLedger } from '../core/finance/finance-view.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminFinanceLedger, (input) => financeLedger(input));
