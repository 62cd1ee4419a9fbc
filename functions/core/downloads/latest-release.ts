import {
  DOWNLOAD_SPEC_CONFIG_NAME,
  type DownloadSpec,
  DownloadSpecSchema,
} from '../../../shared/downloads/download-packages.ts';
import { FIRST_RELEASE } from '../../../shared/downloads/first-release.ts';
import { createConfig, findConfigByName } from '../data/config-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';

/**
 * The latest release as operators published it in the 'download-packages' config entry. A missing
 * or malformed entry is an operator's mistake to see in the logs; visitors get a server error, and
 * the site keeps its download buttons pointing at the download section until the feed answers.
 */
export async function latestRelease(): Promise<DownloadSpec> {
  const entry = await findConfigByName(DOWNLOAD_SPEC_CONFIG_NAME);
  if (!entry) {
    logger.error('Download packages are not configured', { config: DOWNLOAD_SPEC_CONFIG_NAME });
    throw new PaymentError('UNKNOWN', 'The release feed is not configured');
  }
  let value: unknown;
  try {
    value = JSON.parse(entry.value);
  } catch {
    value = undefined;
  }
  const parsed = DownloadSpecSchema.safeParse(value);
  if (!parsed.success) {
    logger.error('Download packages config is invalid', { config: DOWNLOAD_SPEC_CONFIG_NAME });
    throw new PaymentError('UNKNOWN', 'The release feed is misconfigured');
  }
  return parsed.data;
}

/** Publishes the first release on a fresh installation; an existing entry is the operators' and stays. */
export async function seedFirstRelease(): Promise<void> {
  if (await findConfigByName(DOWNLOAD_SPEC_CONFIG_NAME)) return;
  await createConfig({ name: DOWNLOAD_SPEC_CONFIG_NAME, value: JSON.stringify(FIRST_RELEASE, null, 2) });
}
