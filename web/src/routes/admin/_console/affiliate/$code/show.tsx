import { createFileRoute } from '@tanstack/react-router';
import { AffiliateShow } from '../../../../../features/console-affiliates/components/AffiliateShow.tsx';

export const Route = createFileRoute('/admin/_console/affiliate/$code/show')({
  component: AffiliateShowPage,
});

function AffiliateShowPage() {
  const { code } = Route.useParams();
  return <AffiliateShow couponCode={code} />;
}
