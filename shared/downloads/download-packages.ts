import * as z from 'zod/mini';

/** Platforms a package is offered for: desktop files, and store links for phones. */
export const PLATFORMS = ['windows', 'macos', 'linux', 'ios', 'android'] as const;
export type Platform = (typeof PLATFORMS)[number];

const Url = z.url({ protocol: /^https?$/ });
const Version = z.string().check(z.regex(/^\d+\.\d+\.\d+$/));

/** A downloadable file: its URL and its size in bytes (the footer shows both). */
const FileCandidate = z.object({
  type: z.literal('file'),
  platform: z.enum(PLATFORMS),
  /** What tells two packages of one platform apart: 'x64', 'arm64', 'appImage', 'snap'… */
  variant: z.string().check(z.minLength(1), z.maxLength(32)),
  version: Version,
  payload: z.object({ url: Url, size: z.int().check(z.positive()) }),
});

/** A store page, one URL per language (English is the fallback every other language may use). */
const LinkCandidate = z.object({
  type: z.literal('link'),
  platform: z.enum(PLATFORMS),
  variant: z.string().check(z.minLength(1), z.maxLength(32)),
  version: Version,
  payload: z.object({
    urls: z.object({
      en: Url,
      ko: z.optional(Url),
      ja: z.optional(Url),
      es: z.optional(Url),
      'zh-TW': z.optional(Url),
    }),
  }),
});

export const CandidatePackageSchema = z.discriminatedUnion('type', [FileCandidate, LinkCandidate]);
export type CandidatePackage = z.infer<typeof CandidatePackageSchema>;

/**
 * The package map of the latest release: for each platform its candidates, best first; the first
 * is the platform's default (Linux lists the AppImage and the snap, macOS Apple silicon and Intel).
 */
export const DownloadSpecSchema = z.object({
  version: Version,
  packages: z.object({
    windows: z.array(CandidatePackageSchema),
    macos: z.array(CandidatePackageSchema),
    linux: z.array(CandidatePackageSchema),
    ios: z.array(CandidatePackageSchema),
    android: z.array(CandidatePackageSchema),
  }),
});
export type DownloadSpec = z.infer<typeof DownloadSpecSchema>;

/** The name of the config entry (admin console) that holds the download spec as JSON. */
export const DOWNLOAD_SPEC_CONFIG_NAME = 'download-packages';
