import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { arrowTarget } from '../../../components/tab-keys.ts';
import { FREE_ASSET_ROTATE_MS, FREE_ASSET_TABS } from './content.ts';
import { illustration } from './illustration-urls.ts';

/**
 * The free assets: four tabs that move on every 3 seconds until the visitor picks one (a click
 * selects and stops the rotation, so nobody has to chase a moving panel).
 */
export function FreeAssets() {
  const { t } = useTranslation('site');
  const [selected, setSelected] = useState(0);
  const [rotating, setRotating] = useState(true);
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(
      () => setSelected((index) => (index + 1) % FREE_ASSET_TABS.length),
      FREE_ASSET_ROTATE_MS,
    );
    return () => clearInterval(timer);
  }, [rotating]);
  const choose = (index: number) => {
    setRotating(false);
    setSelected(index);
  };
  const type = FREE_ASSET_TABS[selected] ?? 'IMAGE_VIDEO';
  const key = type.toLowerCase();
  return (
    <section className="landing-section free-assets" aria-labelledby="assets-title">
      <h2 id="assets-title">{t('landing.assets.title')}</h2>
      <p className="section-lead">{t('landing.assets.description')}</p>
      <div
        role="tablist"
        aria-label={t('landing.assets.title')}
        className="asset-tabs"
        onKeyDown={(event) => {
          const next = arrowTarget(event.key, selected, FREE_ASSET_TABS.length);
          if (next === undefined) return;
          choose(next);
          document.getElementById(`asset-tab-${next}`)?.focus();
        }}
      >
        {FREE_ASSET_TABS.map((tab, index) => (
          <button
            key={tab}
            id={`asset-tab-${index}`}
            type="button"
            role="tab"
            aria-selected={index === selected}
            aria-controls="asset-panel"
            tabIndex={index === selected ? 0 : -1}
            className="asset-tab"
            onClick={() => choose(index)}
          >
            {t(`landing.assets.${tab.toLowerCase()}.name`)}
          </button>
        ))}
      </div>
      <div id="asset-panel" role="tabpanel" aria-labelledby={`asset-tab-${selected}`} className="asset-panel">
        <img src={illustration(`asset-${key}`)} alt="" width="620" height="340" loading="lazy" />
        <p>{t(`landing.assets.${key}.body`)}</p>
      </div>
    </section>
  );
}
