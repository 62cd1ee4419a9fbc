import { latest } from '../../shared/api/downloads.ts';
import { latestRelease } from '../core/downloads/latest-release.ts';
import { logger } from '../core/logger.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(latest, async ({ clientType, language, osName }) => {
  // Which platforms ask is worth a log line (release planning); the client id is not.
  logger.info('Release feed asked', { clientType, language, osName });
  return latestRelease();
});
