import { adminStaffUpdate } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { updateStaff } from '../core/staff/staff-members.ts';

export const handler = defineHandler(adminStaffUpdate, async (input) => ({
  result: await updateStaff(input),
}));
