import { adminRevenueReport } from '../../shared/api/finance.ts';
import { revenueReport } from '../core/finance/finance-view.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminRevenueReport, (input) => revenueReport(input));
