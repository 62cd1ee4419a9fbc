import { adminAttentionResolve } from '../../shared/api/attention.ts';
import { resolveAttention } from '../core/attention/attention-cases.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAttentionResolve, async (input, context) => ({
  result: await resolveAttention(input, operatorOf(context)),
}));
