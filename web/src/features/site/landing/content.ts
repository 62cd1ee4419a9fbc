import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { MEDIA_ORIGIN } from '../../../../../shared/site/origins.ts';
import type { FeatureSlug } from '../../../../../shared/site/site-pages.ts';

/** Free-asset options (section 3): type, icon, image, name (the name and text come from i18n). */
export const FREE_ASSET_TABS = ['IMAGE_VIDEO', 'SOUND_EFFECT', 'BGM', 'DESIGN_CAPTION'] as const;
export type FreeAssetType = (typeof FREE_ASSET_TABS)[number];
/** Section 9: the free-asset tab moves on every 3 seconds; the final logo every 5. */
export const FREE_ASSET_ROTATE_MS = 3000;
export const FINAL_LOGO_ROTATE_MS = 5000;
export const FINAL_LOGOS = 3;

/** Section 9: the hero preview grows by 1/10000 per pixel scrolled, up to 1.05. */
export const PREVIEW_MAX_SCALE = 1.05;
export function previewScale(scrollY: number): number {
  return Math.min(PREVIEW_MAX_SCALE, 1 + Math.max(0, scrollY) / 10_000);
}

/** Feature cards (section 3: icon, title, description; dimmed marks a new feature). */
export interface FeatureCard {
  key: string;
  icon: string;
  dimmed: boolean;
  /** The feature page it leads to, in the languages that have feature pages. */
  slug?: FeatureSlug;
}

/** Section 9: 6 cards shown (3 on mobile), all 12 when expanded. */
export const FEATURES_COLLAPSED = 6;
export const FEATURES_COLLAPSED_MOBILE = 3;

export const FEATURE_CARDS: readonly FeatureCard[] = [
  { key: 'subtitles', icon: 'captions', dimmed: false, slug: 'ai-video-subtitle' },
  { key: 'translation', icon: 'globe', dimmed: false, slug: 'ai-subtitle-translation' },
  { key: 'text_editing', icon: 'document', dimmed: false, slug: 'text-based-video-editing' },
  { key: 'silence', icon: 'scissors', dimmed: false, slug: 'auto-silence-removal' },
  { key: 'voice', icon: 'microphone', dimmed: false, slug: 'ai-voice' },
  { key: 'images', icon: 'sparkles', dimmed: false, slug: 'ai-image-generator' },
  { key: 'text_to_video', icon: 'film', dimmed: true, slug: 'text-to-video' },
  { key: 'shorts', icon: 'phone', dimmed: true, slug: 'ai-shorts-maker' },
  { key: 'assets', icon: 'library', dimmed: false, slug: 'free-video-asset' },
  { key: 'summary', icon: 'list', dimmed: false, slug: 'video-summarizer' },
  { key: 'recording', icon: 'record', dimmed: false, slug: 'video-recording' },
  { key: 'cloud', icon: 'cloud', dimmed: false, slug: 'cloud-storage' },
];

/** Testimonials (section 1: a consultant, a marketer, a pastor). */
export const TESTIMONIALS = ['consultant', 'marketer', 'pastor'] as const;
export const USE_CASES = ['creators', 'business', 'education', 'church'] as const;

/** The promo video per language; Spanish uses the English one (section 1). */
export const PROMO_MEDIA = `${MEDIA_ORIGIN}/promo`;
export function promoVideoLanguage(lang: SiteLanguage): SiteLanguage {
  return lang === 'es' ? 'en' : lang;
}
