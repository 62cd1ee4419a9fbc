import { createFileRoute } from '@tanstack/react-router';
import type { FeatureSlug } from '../../../../../shared/site/site-pages.ts';
import { FeaturePage } from '../../../features/content/components/FeaturePage.tsx';
import { FEATURE_GROUPS } from '../../../features/site/menus.ts';
import { loadLanguage } from '../../../i18n/i18n.ts';

function relatedTo(slug: FeatureSlug): FeatureSlug[] {
  return (FEATURE_GROUPS.find((group) => group.slugs.includes(slug))?.slugs ?? []).filter(
    (other) => other !== slug,
  );
}

export const Route = createFileRoute('/$lang/feature/$featureSlug')({
  // The layout has checked the slug and the language against shared/site/site-pages.ts.
  loader: ({ context }) => loadLanguage(context.lang, ['feature-pages']),
  component: FeatureRoute,
});

function FeatureRoute() {
  const { lang } = Route.useRouteContext();
  const slug = Route.useParams().featureSlug as FeatureSlug;
  return <FeaturePage lang={lang} slug={slug} related={relatedTo(slug)} />;
}
