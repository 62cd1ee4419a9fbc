import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedListOptions } from '../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { attentionList } from '../../../features/console-attention/api/attention.ts';
import { AttentionList } from '../../../features/console-attention/components/AttentionList.tsx';

export const Route = createFileRoute('/admin/_console/attention')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(pagedListOptions(attentionList)),
  component: Attention,
});

function Attention() {
  const { t } = useTranslation('console-attention');
  return (
    <>
      <PageTitle title={t('title')} />
      <p className="console-hint">{t('hint')}</p>
      <AttentionList />
    </>
  );
}
