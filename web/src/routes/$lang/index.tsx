import { createFileRoute } from '@tanstack/react-router';
import { Landing } from '../../features/site/landing/Landing.tsx';

export const Route = createFileRoute('/$lang/')({
  component: () => <Landing lang={Route.useRouteContext().lang} />,
});
