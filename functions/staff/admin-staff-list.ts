import { adminStaffList } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { listStaff } from '../core/staff/staff-members.ts';

export const handler = defineHandler(adminStaffList, (input) => listStaff(input));
