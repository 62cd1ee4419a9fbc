import type {
  CandidatePackage,
  DownloadSpec,
  Platform,
} from '../../../../shared/downloads/download-packages.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import type { OsName } from '../../lib/browser.ts';

/** A download button: a package file, or a store page. */
export type DownloadButton =
  | { kind: 'file'; platform: Platform; variant: string; url: string; fileName: string; size: number }
  | { kind: 'store'; platform: Platform; variant: string; url: string };

const PLATFORM_OF_OS: Partial<Record<OsName, Platform>> = {
  Windows: 'windows',
  macOS: 'macos',
  Linux: 'linux',
  iOS: 'ios',
  Android: 'android',
};

export function fileName(url: string): string {
  return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
}

export function toButton(candidate: CandidatePackage, lang: SiteLanguage): DownloadButton {
  if (candidate.type === 'link') {
    return {
      kind: 'store',
      platform: candidate.platform,
      variant: candidate.variant,
      url: candidate.payload.urls[lang] ?? candidate.payload.urls.en,
    };
  }
  return {
    kind: 'file',
    platform: candidate.platform,
    variant: candidate.variant,
    url: candidate.payload.url,
    fileName: fileName(candidate.payload.url),
    size: candidate.payload.size,
  };
}

function packageCount(spec: DownloadSpec): number {
  return Object.values(spec.packages).reduce((sum, list) => sum + list.length, 0);
}

/**
 * The download buttons for a visitor (section 1): iOS and Android get their store link; a desktop
 * system gets its own packages (Windows when the system is unknown), up to two in the desktop
 * view; the mobile view shows one, and only when the feed lists more than one package.
 */
export function chooseDownloads(
  spec: DownloadSpec,
  visitor: { os: OsName; mobileView: boolean; lang: SiteLanguage },
): DownloadButton[] {
  const platform = PLATFORM_OF_OS[visitor.os];
  if (platform === 'ios' || platform === 'android') {
    const store = spec.packages[platform][0];
    if (store) return [toButton(store, visitor.lang)];
  }
  const desktop = platform === 'macos' || platform === 'linux' ? platform : 'windows';
  const candidates = spec.packages[desktop].map((candidate) => toButton(candidate, visitor.lang));
  if (!visitor.mobileView) return candidates.slice(0, 2);
  return packageCount(spec) > 1 ? candidates.slice(0, 1) : [];
}

/** The first candidate of the visitor's desktop platform: the footer's download link. */
export function firstCandidate(
  spec: DownloadSpec,
  os: OsName,
  lang: SiteLanguage,
): DownloadButton | undefined {
  const platform = PLATFORM_OF_OS[os];
  const desktop = platform === 'macos' || platform === 'linux' ? platform : 'windows';
  const first = spec.packages[desktop][0];
  return first ? toButton(first, lang) : undefined;
}

/** A size for people: 148635320 -> '141.8 MB' (binary megabytes, as operating systems show them). */
export function formatSize(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}
