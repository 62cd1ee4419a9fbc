import {
  DOWNLOAD_SPEC_CONFIG_NAME,
  type DownloadSpec,
  DownloadSpecSchema,
} from '../../../shared/downloads/download-packages.ts';
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

const RELEASES = 'https://download.cutloom.app/releases';
const STORES = 'https://www.cutloom.app/get';

/**
 * The release a fresh installation starts with (operators replace it in the admin console). Store
 * links go through our own redirect so that operators can change stores without a site release.
 */
export const FIRST_RELEASE: DownloadSpec = {
  version: '3.3.3',
  packages: {
    windows: [
      {
        type: 'file',
        platform: 'windows',
        variant: 'x64',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/Cutloom-Setup-3.3.3-x64.exe`, size: 148_635_320 },
      },
      {
        type: 'file',
        platform: 'windows',
        variant: 'arm64',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/Cutloom-Setup-3.3.3-arm64.exe`, size: 142_114_872 },
      },
    ],
    macos: [
      {
        type: 'file',
        platform: 'macos',
        variant: 'arm64',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/Cutloom-3.3.3-arm64.dmg`, size: 161_480_704 },
      },
      {
        type: 'file',
        platform: 'macos',
        variant: 'x64',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/Cutloom-3.3.3-x64.dmg`, size: 166_723_584 },
      },
    ],
    linux: [
      {
        type: 'file',
        platform: 'linux',
        variant: 'appImage',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/Cutloom-3.3.3-x86_64.AppImage`, size: 158_334_976 },
      },
      {
        type: 'file',
        platform: 'linux',
        variant: 'snap',
        version: '3.3.3',
        payload: { url: `${RELEASES}/3.3.3/cutloom_3.3.3_amd64.snap`, size: 152_043_520 },
      },
    ],
    ios: [
      {
        type: 'link',
        platform: 'ios',
        variant: 'app-store',
        version: '3.3.3',
        payload: {
          urls: { en: `${STORES}/ios?hl=en`, ko: `${STORES}/ios?hl=ko`, ja: `${STORES}/ios?hl=ja` },
        },
      },
    ],
    android: [
      {
        type: 'link',
        platform: 'android',
        variant: 'play-store',
        version: '3.3.3',
        payload: {
          urls: {
            en: `${STORES}/android?hl=en`,
            ko: `${STORES}/android?hl=ko`,
            ja: `${STORES}/android?hl=ja`,
          },
        },
      },
    ],
  },
};

/** Publishes the first release on a fresh installation; an existing entry is the operators' and stays. */
export async function seedFirstRelease(): Promise<void> {
  if (await findConfigByName(DOWNLOAD_SPEC_CONFIG_NAME)) return;
  await createConfig({ name: DOWNLOAD_SPEC_CONFIG_NAME, value: JSON.stringify(FIRST_RELEASE, null, 2) });
}
