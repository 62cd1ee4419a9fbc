import { staffSignIn } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/pipeline.ts';
import { staffPasswordStep } from '../core/staff/second-factor.ts';

export const handler = defineHandler(staffSignIn, (input, { sourceIp }) =>
  staffPasswordStep({ ...input, clientAddress: sourceIp }),
);
