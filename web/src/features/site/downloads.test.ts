import { describe, expect, it } from 'vitest';
import type { DownloadSpec } from '../../../../shared/downloads/download-packages.ts';
import { FIRST_RELEASE } from '../../../../shared/downloads/first-release.ts';
import { chooseDownloads, fileName, firstCandidate, formatSize } from './downloads.ts';

const spec: DownloadSpec = FIRST_RELEASE;

describe('the download choice (section 1)', () => {
  it('offers the packages of the visitor system, at most two on a desktop layout', () => {
    const mac = chooseDownloads(spec, { os: 'macOS', mobileView: false, lang: 'en' });
    expect(mac.map((button) => button.platform)).toEqual(['macos', 'macos']);
    expect(mac.map((button) => button.variant)).toEqual(['arm64', 'x64']);
    const linux = chooseDownloads(spec, { os: 'Linux', mobileView: false, lang: 'en' });
    expect(linux.map((button) => button.variant)).toEqual(['appImage', 'snap']);
    const windows = chooseDownloads(spec, { os: 'Windows', mobileView: false, lang: 'en' });
    expect(windows[0]).toMatchObject({ kind: 'file', fileName: 'Cutloom-Setup-3.3.3-x64.exe' });
  });

  it('falls back to Windows for an unknown system', () => {
    expect(chooseDownloads(spec, { os: 'unknown', mobileView: false, lang: 'en' })[0]?.platform).toBe(
      'windows',
    );
  });

  it('gives iOS and Android their store link in the page language', () => {
    const ios = chooseDownloads(spec, { os: 'iOS', mobileView: true, lang: 'ko' });
    expect(ios).toEqual([
      expect.objectContaining({ kind: 'store', platform: 'ios', url: expect.stringContaining('hl=ko') }),
    ]);
    const android = chooseDownloads(spec, { os: 'Android', mobileView: true, lang: 'es' });
    expect(android[0]).toMatchObject({ kind: 'store', url: expect.stringContaining('hl=en') });
  });

  it('shows one button on the mobile layout, and only when the feed lists more than one package', () => {
    expect(chooseDownloads(spec, { os: 'Windows', mobileView: true, lang: 'en' })).toHaveLength(1);
    const single: DownloadSpec = {
      version: '1.0.0',
      packages: { windows: spec.packages.windows.slice(0, 1), macos: [], linux: [], ios: [], android: [] },
    };
    expect(chooseDownloads(single, { os: 'Windows', mobileView: true, lang: 'en' })).toEqual([]);
    expect(chooseDownloads(single, { os: 'Windows', mobileView: false, lang: 'en' })).toHaveLength(1);
  });

  it('gives a phone without a store link the desktop package (whose tap the page answers with an alert)', () => {
    const noStores: DownloadSpec = { ...spec, packages: { ...spec.packages, android: [] } };
    expect(chooseDownloads(noStores, { os: 'Android', mobileView: true, lang: 'en' })[0]).toMatchObject({
      kind: 'file',
      platform: 'windows',
    });
  });

  it('names the footer file and its size', () => {
    const first = firstCandidate(spec, 'Linux', 'en');
    expect(first).toMatchObject({ fileName: 'Cutloom-3.3.3-x86_64.AppImage' });
    expect(formatSize(148_635_320)).toBe('141.7 MB');
    expect(fileName('https://x.test/a/My%20App.dmg')).toBe('My App.dmg');
  });
});
