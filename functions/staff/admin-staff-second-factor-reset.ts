import { adminStaffSecondFactorReset } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { resetStaffSecondFactor } from '../core/staff/staff-members.ts';

export const handler = defineHandler(adminStaffSecondFactorReset, async ({ uid }) => ({
  result: await resetStaffSecondFactor(uid),
}));
