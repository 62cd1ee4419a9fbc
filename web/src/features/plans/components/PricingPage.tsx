import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { lazy, memo, Suspense, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currencyForLanguage, groupDigits } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import type { PlanUpgradeData } from '../../../../../shared/orders/session-info.ts';
import { builtInPlanInfo } from '../../../../../shared/plans/plan-info.ts';
import type { PlanType } from '../../../../../shared/plans/plan-types.ts';
import { type UpgradeBlock, upgradeBlock } from '../../../../../shared/plans/upgrade-rules.ts';
import { DisabledWithReason, Tooltip } from '../../../components/Tooltip.tsx';
import { arrowTarget } from '../../../components/tab-keys.ts';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { flushAnalyticsByBeacon, funnel } from '../../../lib/analytics/index.ts';
import { usePageHead } from '../../../lib/page-head.ts';
import { type StartRefusal as Refusal, startFromPricing } from '../../../lib/payment-start.ts';
import { currentSiteSession, isSignedIn } from '../../../lib/session-refresh.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { type PlanInfo, usePaymentPlanInfo } from '../api/get-payment-plan-info.ts';
import { useUpgradeData } from '../api/get-upgrade-session.ts';
import {
  type ExtraFeature,
  expectedPlanTypes,
  extraFeatures,
  type PlanDisplay,
  type PricingTab,
  plansForTab,
  pricingPriceVersion,
  TAB_PERIOD,
  tabsFor,
  type UsageFeature,
  usageKeys,
} from '../plan-display.ts';
import type { PricingSearch } from '../pricing-search.ts';
import { GeneralFeaturesMarquee } from './GeneralFeaturesMarquee.tsx';

/** The order page a start leads to (payment-start.ts), named as the router knows it. */
/** The plans in the pricing page's pre-rendered HTML (shared/site/site-pages.ts: no query, no upgrade). */
const preRenderedPlans: PlanInfo = { ...builtInPlanInfo(undefined), failed: false };

const orderRoute = (plan: { isSubscription: boolean }, upgrading: boolean) => {
  if (upgrading) return '/$lang/payment/upgrade/order/subscription';
  return plan.isSubscription ? '/$lang/payment/order/subscription' : '/$lang/payment/order/fixedterm';
};

/** The payment-start sign-in's code and texts, loaded before the press that opens it. */
function preloadSignIn(lang: SiteLanguage) {
  void import('../../identity/components/SignInDialog.tsx');
  void loadLanguage(lang, ['auth']);
}

const StartRefusal = lazy(() =>
  import('./StartRefusal.tsx').then((module) => ({ default: module.StartRefusal })),
);

interface PlanContext {
  lang: SiteLanguage;
  search: PricingSearch;
  upgrading: boolean;
  tab: PricingTab;
  upgradeData: PlanUpgradeData | undefined;
  /** The upgrade session is still loading: no plan can be started before its blocks are known. */
  upgradePending: boolean;
  /** A signed-in visitor's start was refused: its alert. */
  onRefused: (refusal: Refusal) => void;
  /** The page runs: before, in pre-rendered HTML and while hydrating, a press would do nothing. */
  hydrated: boolean;
}

function blockOf(plan: PlanDisplay, context: PlanContext): UpgradeBlock | undefined {
  if (!context.upgrading || !context.upgradeData) return undefined;
  return upgradeBlock(
    { planType: context.upgradeData.previousPlanType, period: context.upgradeData.previousPlanPerod },
    { planType: plan.planType, period: plan.planPriceInfo.period },
    context.tab === 'fixedterm',
  );
}

function StartButton({ plan, context }: { plan: PlanDisplay; context: PlanContext }) {
  const { t } = useTranslation('pricing');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [starting, setStarting] = useState(false);
  const block = blockOf(plan, context);
  const label = context.upgrading ? t('start.upgrade') : t('start.start');
  const name = t(`common:plan_type.${plan.planType}`);
  if (block) {
    return (
      <DisabledWithReason reason={t(`upgrade.${block}`)}>
        <button
          type="button"
          className="button button-primary start-button"
          disabled
          aria-label={`${label}: ${name}`}
        >
          {label}
        </button>
      </DisabledWithReason>
    );
  }
  // On intent (a pointer over the button, its focus, a touch) what the press will need is made ready: the
  // visitor's session (safe to read early; the header has usually asked), then for a visitor signed in the
  // order page's code and texts, for any other the sign-in dialog's (the order page's load then while they
  // sign in: SignInDialog). Not both at once: on a slow phone the order page's code would hold up the dialog.
  const prepare = () => {
    void currentSiteSession(context.lang).then((signedIn) => {
      if (!signedIn) return preloadSignIn(context.lang);
      void router.preloadRoute({
        to: orderRoute(plan.planPriceInfo, context.upgrading),
        params: { lang: context.lang },
      });
    });
  };
  return (
    <button
      type="button"
      className="button button-primary start-button"
      aria-label={`${label}: ${name}`}
      data-plan-name={plan.planPriceInfo.name}
      disabled={!context.hydrated || context.upgradePending || starting}
      aria-busy={starting}
      onPointerEnter={prepare}
      onFocus={prepare}
      onTouchStart={prepare}
      onClick={async () => {
        setStarting(true);
        try {
          const target = await startFromPricing(plan.planPriceInfo, {
            lang: context.lang,
            query: context.search,
            upgrading: context.upgrading,
            cache: queryClient,
          });
          if (target.kind === 'sign-in') {
            funnel().set('PaymentSignInModalOpened');
            await navigate({ to: '.', search: target.search });
          } else if (target.kind === 'refused') {
            await loadLanguage(context.lang, ['auth']);
            context.onRefused(target.reason);
          } else {
            // Inside the app: the query cache holds what the start was answered (issue 36).
            await navigate({ href: target.href });
          }
        } finally {
          setStarting(false);
        }
      }}
    >
      {label}
    </button>
  );
}

function usageText(t: (key: string, options?: Record<string, unknown>) => string, feature: UsageFeature) {
  return t(`usage.${feature.key}.value`, { value: groupDigits(feature.usage) });
}

function extraText(t: (key: string, options?: Record<string, unknown>) => string, feature: ExtraFeature) {
  if (typeof feature.usage === 'number')
    return t(`extra.${feature.key}.value`, { value: groupDigits(feature.usage) });
  return feature.usage ? t('included') : t('not_included');
}

function FeatureName({ group, featureKey }: { group: 'usage' | 'extra'; featureKey: string }) {
  const { t } = useTranslation('pricing');
  const name = t(`${group}.${featureKey}.name`);
  return (
    <span className="feature-name">
      {name}
      <Tooltip label={t('tooltip_about', { name })} title={name}>
        {t(`${group}.${featureKey}.tooltip`)}
      </Tooltip>
    </span>
  );
}

function PriceBlock({ plan }: { plan: PlanDisplay }) {
  const { t } = useTranslation('pricing');
  return (
    <div className="plan-price">
      <strong>{plan.mainPrice}</strong>
      <span className="plan-price-unit">
        {t(`per.${plan.planPriceInfo.period === 'ONE_YEAR' ? 'pass_year' : plan.mainPeriodUnit}`)}
      </span>
      <span className="plan-sub-price">
        {plan.subPrice ? t('billed_yearly', { price: plan.subPrice }) : '\u00a0'}
      </span>
    </div>
  );
}

function PlanHeading({ planType }: { planType: PlanType }) {
  const { t } = useTranslation('pricing');
  const label = planType === 'STANDARD' ? 'recommended' : planType === 'BUSINESS' ? 'enterprise' : undefined;
  return (
    <>
      <span className="plan-top-label">{label ? t(`top_label.${label}`) : '\u00a0'}</span>
      <span className="plan-name">{t(`common:plan_type.${planType}`)}</span>
      <span className="plan-description">{t(`description.${planType}`)}</span>
    </>
  );
}

/** A plan column: its type, and its display once the plan info has arrived. */
interface Column {
  planType: PlanType;
  plan: PlanDisplay | undefined;
}

/** Name, price and start button of a plan; before the plan info arrives, blanks of the same size. */
function PlanSummary({ column, context }: { column: Column; context: PlanContext }) {
  const { plan } = column;
  return (
    <>
      <PlanHeading planType={column.planType} />
      {plan ? <PriceBlock plan={plan} /> : <span className="plan-price is-loading" aria-hidden="true" />}
      {plan ? (
        <StartButton plan={plan} context={context} />
      ) : (
        <span className="start-placeholder" aria-hidden="true" />
      )}
    </>
  );
}

function UsageValue({ column, featureKey }: { column: Column; featureKey: UsageFeature['key'] }) {
  const { t } = useTranslation('pricing');
  const feature = column.plan?.usagePlanFeatures.find((candidate) => candidate.key === featureKey);
  return feature ? usageText(t, feature) : <span className="value-placeholder" aria-hidden="true" />;
}

/** Desktop: one column per plan, sticky plan headers, a row per usage and extra feature. */
const ComparisonTable = memo(function ComparisonTable({
  columns,
  lang,
  context,
}: {
  columns: Column[];
  lang: SiteLanguage;
  context: PlanContext;
}) {
  const { t } = useTranslation('pricing');
  const extras = extraFeatures('LIGHT', lang).map((feature) => feature.key);
  return (
    <table className="plan-table">
      <caption className="visually-hidden">{t('table_caption')}</caption>
      <thead>
        <tr>
          <th scope="col" className="plan-table-corner">
            {t('feature_column')}
          </th>
          {columns.map(({ planType, plan }) => (
            <th
              key={planType}
              scope="col"
              data-plan={plan?.planPriceInfo.name}
              className={planType === 'STANDARD' ? 'is-recommended' : undefined}
            >
              <PlanSummary column={{ planType, plan }} context={context} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr className="plan-table-group">
          <th scope="colgroup" colSpan={columns.length + 1}>
            {t('usage_title')}
          </th>
        </tr>
        {usageKeys(lang).map((key) => (
          <tr key={key}>
            <th scope="row">
              <FeatureName group="usage" featureKey={key} />
            </th>
            {columns.map((column) => (
              <td key={column.planType}>
                <UsageValue column={column} featureKey={key} />
              </td>
            ))}
          </tr>
        ))}
        <tr className="plan-table-group">
          <th scope="colgroup" colSpan={columns.length + 1}>
            {t('extra_title')}
          </th>
        </tr>
        {extras.map((key) => (
          <tr key={key}>
            <th scope="row">
              <FeatureName group="extra" featureKey={key} />
            </th>
            {columns.map(({ planType }) => {
              const feature = extraFeatures(planType, lang).find((candidate) => candidate.key === key);
              return (
                <td key={planType} className={feature?.usage === false ? 'is-excluded' : undefined}>
                  {feature ? extraText(t, feature) : ''}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
});

/** Mobile: a card per plan; before the plan info arrives each card keeps its final size. */
const PlanCards = memo(function PlanCards({
  columns,
  lang,
  context,
}: {
  columns: Column[];
  lang: SiteLanguage;
  context: PlanContext;
}) {
  const { t } = useTranslation('pricing');
  return (
    <ul className="plan-cards">
      {columns.map((column) => (
        <li
          key={column.planType}
          className={`plan-card ${column.planType === 'STANDARD' ? 'is-recommended' : ''}`}
          data-plan={column.plan?.planPriceInfo.name}
        >
          <PlanSummary column={column} context={context} />
          <ul className="plan-card-features">
            {usageKeys(lang).map((key) => (
              <li key={key}>
                <FeatureName group="usage" featureKey={key} />{' '}
                <span>
                  <UsageValue column={column} featureKey={key} />
                </span>
              </li>
            ))}
            {extraFeatures(column.planType, lang)
              .filter((feature) => feature.usage !== false)
              .map((feature) => (
                <li key={feature.key}>
                  <FeatureName group="extra" featureKey={feature.key} /> <span>{extraText(t, feature)}</span>
                </li>
              ))}
          </ul>
        </li>
      ))}
    </ul>
  );
});

/**
 * The pricing page (section 2): tabs, the general features band, plan cards (mobile) and the
 * comparison table (desktop). Prices come from get-payment-plan-info-v2 in the language's currency.
 */
export function PricingPage({
  lang,
  search,
  upgrading,
}: {
  lang: SiteLanguage;
  search: PricingSearch;
  upgrading: boolean;
}) {
  const { t } = useTranslation('pricing');
  const tabs = tabsFor(lang);
  const [tab, setTab] = useState<PricingTab>('monthly');
  const priceVersion = pricingPriceVersion(search.priceVersion, upgrading);
  const query = usePaymentPlanInfo({ referralType: search.referralType, priceVersion });
  // Until the page runs it shows what its pre-rendered HTML shows, which knew no query: the built-in plans.
  const hydrated = useHydrated();
  const planInfo = hydrated ? query.data : preRenderedPlans;
  // The plans fill a large table: render them as an interruptible update, so the page stays responsive.
  const data = useDeferredValue(planInfo);
  const upgrade = useUpgradeData(upgrading, search.guid, search.test);
  usePageHead({ title: t('title'), description: t('meta_description'), noindex: upgrading });
  useEffect(() => {
    // A visitor the visit knows as signed in starts with their session's token: read it now, while they
    // read the page, so that the press waits on nothing (the header took the visit's answer, not the token).
    void isSignedIn(lang).then((signedIn) => (signedIn ? currentSiteSession(lang) : undefined));
  }, [lang]);
  useEffect(() => {
    funnel().reset();
    funnel().set('PricingPageViewed');
    // Leaving the payment page must not lose its funnel events: hand them to the browser.
    window.addEventListener('pagehide', flushAnalyticsByBeacon);
    return () => window.removeEventListener('pagehide', flushAnalyticsByBeacon);
  }, []);
  const currency = upgrade.currency ?? currencyForLanguage(lang);
  // Pre-rendered HTML holds both layouts (CSS shows one), with the built-in plans or blanks of their size;
  // once the page runs and has its plans, only the visible one is kept, which halves the work of its renders.
  const mobile = useMediaQuery(MOBILE_QUERY);
  const bothLayouts = !data || !hydrated;
  // The page renders again when hydration ends (the media query, the start buttons enabled), when a
  // partner's plan info settles (before its deferred render) and on analytics' state: the plan table and
  // cards, which hold nearly all of its elements, keep the same props through the other renders (memo).
  const columns = useMemo(() => {
    const plans = data ? plansForTab(data, tab, lang, currency) : [];
    return (data ? plans.map((plan) => plan.planType) : expectedPlanTypes(priceVersion)).map(
      (planType): Column => ({ planType, plan: plans.find((plan) => plan.planType === planType) }),
    );
  }, [data, tab, lang, currency, priceVersion]);
  const { upgradeData, pending: upgradePending } = upgrade;
  const [refusal, setRefusal] = useState<Refusal>();
  const context = useMemo<PlanContext>(
    () => ({ lang, search, upgrading, tab, upgradeData, upgradePending, onRefused: setRefusal, hydrated }),
    [lang, search, upgrading, tab, upgradeData, upgradePending, hydrated],
  );
  return (
    <main id="main" className="pricing">
      <h1>{upgrading ? t('upgrade_title') : t('title')}</h1>
      <p className="lead">{t('lead')}</p>
      <div role="tablist" aria-label={t('tabs_label')} className="pricing-tabs">
        {tabs.map((name) => (
          <button
            key={name}
            id={`pricing-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls="pricing-panel"
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={(event) => {
              const next = tabs[arrowTarget(event.key, tabs.indexOf(name), tabs.length) ?? -1];
              if (!next) return;
              setTab(next);
              document.getElementById(`pricing-tab-${next}`)?.focus();
            }}
          >
            {t(`tab.${name}`)}
          </button>
        ))}
      </div>
      <GeneralFeaturesMarquee />
      <div
        id="pricing-panel"
        role="tabpanel"
        aria-labelledby={`pricing-tab-${tab}`}
        data-period={TAB_PERIOD[tab]}
        aria-busy={!data}
      >
        {data?.failed && (
          <p className="plans-status" role="alert">
            {t('failed')}
          </p>
        )}
        {(bothLayouts || mobile) && <PlanCards columns={columns} lang={lang} context={context} />}
        {(bothLayouts || !mobile) && <ComparisonTable columns={columns} lang={lang} context={context} />}
      </div>
      {refusal ? (
        <Suspense>
          <StartRefusal refusal={refusal} onClose={() => setRefusal(undefined)} />
        </Suspense>
      ) : null}
    </main>
  );
}
