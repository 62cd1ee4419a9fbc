import { changeCard } from '../../shared/api/change-card.ts';
import { confirmChangeCard } from '../core/change-card/change-card.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(changeCard, async (input) => confirmChangeCard(input));
