import { createFileRoute } from '@tanstack/react-router';
import { BlogList } from '../../../features/content/components/BlogList.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/blog/all')({
  loader: ({ context }) => loadLanguage(context.lang, ['blog', 'feature-menu']),
  component: () => <BlogList lang={Route.useRouteContext().lang} />,
});
