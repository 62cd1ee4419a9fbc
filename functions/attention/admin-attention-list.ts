import { adminAttentionList } from '../../shared/api/attention.ts';
import { attentionList } from '../core/attention/attention-cases.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminAttentionList, (page) => attentionList(page));
