import { insertChangeCardProgress } from '../../shared/api/change-card.ts';
import { insertChangeCardProgress as prepareChangeCard } from '../core/change-card/change-card.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(insertChangeCardProgress, async (input) => prepareChangeCard(input));
