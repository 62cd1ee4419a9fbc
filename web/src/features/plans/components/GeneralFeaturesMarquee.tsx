import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/** The general features every plan has; `ai` marks the AI ones (section 2). */
export const GENERAL_FEATURES: ReadonlyArray<{ key: string; ai: boolean }> = [
  { key: 'auto_subtitles', ai: true },
  { key: 'subtitle_translation', ai: true },
  { key: 'text_editing', ai: false },
  { key: 'silence_removal', ai: true },
  { key: 'ai_voice', ai: true },
  { key: 'image_generation', ai: true },
  { key: 'free_assets', ai: false },
  { key: 'caption_styles', ai: false },
  { key: 'screen_recording', ai: false },
  { key: 'aspect_ratio', ai: false },
  { key: 'srt_export', ai: false },
  { key: 'video_summary', ai: true },
  { key: 'phone_transfer', ai: false },
  { key: 'shorts_maker', ai: true },
];

/**
 * A band of the general features scrolling sideways in 120 s (section 9). The list is written twice
 * for a seamless loop; the copy is hidden from assistive technology, and motion stops for visitors
 * who ask for reduced motion or who hover or focus it. It has no props: the pricing page's re-renders
 * skip it (memo).
 */
export const GeneralFeaturesMarquee = memo(function GeneralFeaturesMarquee() {
  const { t } = useTranslation('pricing');
  const list = (copy: boolean) => (
    <ul className="marquee-list" aria-hidden={copy || undefined}>
      {GENERAL_FEATURES.map((feature) => (
        <li key={feature.key}>
          {feature.ai && (
            <span className="ai-mark">
              <span aria-hidden="true">AI</span>
              <span className="visually-hidden">{t('marquee.ai')}</span>
            </span>
          )}
          {t(`marquee.${feature.key}`)}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="marquee" aria-label={t('marquee.title')}>
      <div className="marquee-track">
        {list(false)}
        {list(true)}
      </div>
    </section>
  );
});
