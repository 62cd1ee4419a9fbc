import type { DownloadSpec } from './download-packages.ts';

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
