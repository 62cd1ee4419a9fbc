import { adminFinanceSummary } from '../../shared/api/finance.ts';
import { financeSummary } from '../core/finance/finance-view.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminFinanceSummary, (input) => financeSummary(input));
