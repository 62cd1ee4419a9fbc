import { adminStaffInvite } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { staffOf } from '../core/staff/staff-gate.ts';
import { inviteStaff } from '../core/staff/staff-members.ts';

export const handler = defineHandler(adminStaffInvite, async (input, context) => ({
  result: await inviteStaff(input, staffOf(context)),
}));
