import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { languagesOf } from '../../../../../shared/site/site-pages.ts';
import { FEATURE_CARDS, PROMO_MEDIA, promoVideoLanguage, TESTIMONIALS, USE_CASES } from './content.ts';
import { FeatureIcon } from './FeatureIcon.tsx';
import { illustration } from './illustration-urls.ts';

/** The promo video, loaded only when the visitor plays it (the poster costs a few kilobytes). */
export function PromoVideo({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  const [playing, setPlaying] = useState(false);
  const videoLang = promoVideoLanguage(lang);
  return (
    <section className="landing-section promo" aria-labelledby="promo-title">
      <h2 id="promo-title">{t('landing.promo.title')}</h2>
      <p className="section-lead">{t('landing.promo.description')}</p>
      <div className="promo-frame">
        {playing ? (
          // biome-ignore lint/a11y/useMediaCaption: the promo clips carry burned-in subtitles in their language
          <video controls autoPlay width="1280" height="720" poster={illustration(`promo-${lang}`)}>
            <source src={`${PROMO_MEDIA}/${videoLang}.mp4`} type="video/mp4" />
          </video>
        ) : (
          <button type="button" className="promo-play" onClick={() => setPlaying(true)}>
            <img src={illustration(`promo-${lang}`)} alt="" width="1280" height="720" loading="lazy" />
            <span className="promo-play-icon" aria-hidden="true" />
            <span className="visually-hidden">{t('landing.promo.play')}</span>
          </button>
        )}
      </div>
    </section>
  );
}

export function FeatureBullets() {
  const { t } = useTranslation('site');
  return (
    <section className="landing-section bullets" aria-label={t('landing.bullets.label')}>
      <ul className="bullet-list">
        {(['one', 'two', 'three'] as const).map((key) => (
          <li key={key}>
            <h2>{t(`landing.bullets.${key}.title`)}</h2>
            <p>{t(`landing.bullets.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** One of the AI voice, auto-caption and cut-editing sections: text beside its illustration. */
export function Showcase({ name, reverse }: { name: 'voice' | 'caption' | 'cut'; reverse?: boolean }) {
  const { t } = useTranslation('site');
  return (
    <section
      className={`landing-section showcase ${reverse ? 'is-reversed' : ''}`}
      aria-labelledby={`${name}-title`}
    >
      <div className="showcase-text">
        <p className="eyebrow">{t(`landing.${name}.eyebrow`)}</p>
        <h2 id={`${name}-title`}>{t(`landing.${name}.title`)}</h2>
        <p>{t(`landing.${name}.body`)}</p>
        <ul className="check-list">
          {(['one', 'two', 'three'] as const).map((point) => (
            <li key={point}>{t(`landing.${name}.${point}`)}</li>
          ))}
        </ul>
      </div>
      <img src={illustration(`section-${name}`)} alt="" width="640" height="400" loading="lazy" />
    </section>
  );
}

/** The features grid: 6 cards (3 on a phone) until expanded to all 12; a dimmed card is a new feature. */
export function FeaturesGrid({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  const [expanded, setExpanded] = useState(false);
  const featurePages = languagesOf('/feature/{featureSlug}').includes(lang);
  return (
    <section className="landing-section features-grid" aria-labelledby="grid-title">
      <h2 id="grid-title">{t('landing.grid.title')}</h2>
      <ul id="feature-cards" className={`feature-cards ${expanded ? 'is-expanded' : 'is-collapsed'}`}>
        {FEATURE_CARDS.map((card) => (
          <li
            key={card.key}
            className={`feature-card ${card.dimmed ? 'is-new' : ''}`}
            data-feature={card.key}
          >
            <FeatureIcon name={card.icon} />
            <h3>
              {featurePages && card.slug ? (
                <Link to="/$lang/feature/$featureSlug" params={{ lang, featureSlug: card.slug }}>
                  {t(`landing.grid.${card.key}.title`)}
                </Link>
              ) : (
                t(`landing.grid.${card.key}.title`)
              )}
              {card.dimmed && <span className="badge">{t('landing.grid.new')}</span>}
            </h3>
            <p>{t(`landing.grid.${card.key}.body`)}</p>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button-outline"
        aria-expanded={expanded}
        aria-controls="feature-cards"
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? t('landing.grid.less') : t('landing.grid.more')}
      </button>
    </section>
  );
}

export function Testimonials() {
  const { t } = useTranslation('site');
  return (
    <section className="landing-section testimonials" aria-labelledby="testimonials-title">
      <h2 id="testimonials-title">{t('landing.testimonials.title')}</h2>
      <ul>
        {TESTIMONIALS.map((who) => (
          <li key={who}>
            <figure>
              <img src={illustration(`person-${who}`)} alt="" width="96" height="96" loading="lazy" />
              <blockquote>{t(`landing.testimonials.${who}.contents`)}</blockquote>
              <figcaption>{t(`landing.testimonials.${who}.job`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function UseCases({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation('site');
  return (
    <section className="landing-section use-cases" aria-labelledby="usecases-title">
      <h2 id="usecases-title">{t('landing.usecases.title')}</h2>
      <ul>
        {USE_CASES.map((key) => (
          <li key={key}>
            <img
              src={illustration(`usecase-${key}-${lang}`)}
              alt=""
              width="480"
              height="320"
              loading="lazy"
            />
            <h3>{t(`landing.usecases.${key}.title`)}</h3>
            <p>{t(`landing.usecases.${key}.body`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
