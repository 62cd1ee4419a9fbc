import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/NotFound.tsx';

/** Any unknown path below a language: the server answered it with 404 already. */
export const Route = createFileRoute('/$lang/$')({
  component: () => <NotFound lang={Route.useRouteContext().lang} />,
});
