import { adminStaffUpdate } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { staffOf } from '../core/staff/staff-gate.ts';
import { updateStaff } from '../core/staff/staff-members.ts';

export const handler = defineHandler(adminStaffUpdate, async (input, context) => ({
  result: await updateStaff(input, staffOf(context)),
}));
