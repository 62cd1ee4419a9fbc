import { staffTotpSecret } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/pipeline.ts';
import { enrolmentSecret } from '../core/staff/second-factor.ts';

export const handler = defineHandler(staffTotpSecret, ({ ticket }) => enrolmentSecret(ticket));
