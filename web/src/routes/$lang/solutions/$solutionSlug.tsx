import { createFileRoute } from '@tanstack/react-router';
import type { SolutionSlug } from '../../../../../shared/site/site-pages.ts';
import { SolutionPage } from '../../../features/content/components/SolutionPage.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/solutions/$solutionSlug')({
  loader: ({ context }) => loadLanguage(context.lang, ['solutions']),
  component: () => <SolutionPage slug={Route.useParams().solutionSlug as SolutionSlug} />,
});
