import { adminConsoleSettings } from '../../shared/api/payments.ts';
import { settings } from '../core/settings.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminConsoleSettings, async () => ({
  stage: settings.stage,
  siteUrl: settings.siteUrl,
}));
