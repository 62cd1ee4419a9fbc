import { verifyEmail } from '../../shared/api/identity.ts';
import { applyVerificationLink } from '../core/identity/verification.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(verifyEmail, (input) => applyVerificationLink(input.token));
