import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { KakaoNoticeRow } from '../../../../../shared/api/notices.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { identifier, kstTime } from '../../../components/console/list/list-columns.tsx';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';

const column = createColumnHelper<KakaoNoticeRow>();

/**
 * The notices the account got by KakaoTalk 알림톡 (issue 38), newest first: which notice, of which
 * event, to which number, and how it went: delivered by KakaoTalk, by the SMS fallback, or failed (with
 * SOLAPI's code and reason), or still on its way.
 */
export function KakaoNoticesSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-notices');
  const columns = [
    column.accessor('createdAt', { header: t('sent_at'), ...kstTime() }),
    column.accessor('kind', { header: () => t('kind'), cell: (cell) => t(`kinds.${cell.getValue()}`) }),
    column.accessor('eventId', { header: t('event'), ...identifier }),
    column.accessor('to', { header: t('to'), ...identifier }),
    column.accessor('status', {
      header: () => t('status'),
      cell: (cell) => {
        const { failure, statusCode } = cell.row.original;
        const state = t(`statuses.${cell.getValue()}`);
        return cell.getValue() === 'failed'
          ? `${state} (${[statusCode, failure].filter(Boolean).join(' ')})`
          : state;
      },
    }),
    column.accessor('reportedAt', { header: t('reported_at'), ...kstTime() }),
  ];
  return (
    <section className="console-card" aria-labelledby="kakao-notices-title">
      <h2 id="kakao-notices-title">{t('title')}</h2>
      {info.kakaoNotices.length ? (
        <DataTable data={info.kakaoNotices} columns={columns} caption={t('title')} height={240} />
      ) : (
        <p>{t('none')}</p>
      )}
    </section>
  );
}
