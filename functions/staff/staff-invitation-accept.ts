import { staffInvitationAccept } from '../../shared/api/staff.ts';
import { defineHandler } from '../core/pipeline.ts';
import { acceptInvitation } from '../core/staff/staff-members.ts';

export const handler = defineHandler(staffInvitationAccept, (input, { requestId, sourceIp }) =>
  acceptInvitation(input, { requestId, sourceAddress: sourceIp }),
);
