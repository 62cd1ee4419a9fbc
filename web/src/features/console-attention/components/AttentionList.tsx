import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AttentionCaseView } from '../../../../../shared/api/attention.ts';
import { REFUND_BANKS_NAMESPACE, refundBankId } from '../../../../../shared/refunds/refund-account.ts';
import { CodedText } from '../../../components/console/CodedText.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { identifier, kstTime, labelled, moneyText } from '../../../components/console/list/list-columns.tsx';
import { codeLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { useAttentionCases } from '../api/attention.ts';
import { ResolveDialog, type Resolving } from './ResolveDialog.tsx';
import { TransferDialog } from './TransferDialog.tsx';

const column = createColumnHelper<AttentionCaseView>();
/** The cases an operator can retry: a held plan's renewal, a dead letter's work. */
const RETRIED_KINDS: readonly AttentionCaseView['kind'][] = [
  'plan_held',
  'bulk_dead_letter',
  'schedule_dead_letter',
  'cash_receipt_failed',
];

/**
 * What needs an operator, the longest waiting first: what it is, whose account (a link to it), the
 * money, why, and the actions that end it.
 */
export function AttentionList() {
  const { t } = useTranslation('console-attention');
  const cases = useAttentionCases();
  /** What a dead letter was: a bulk job's message and its rows, or a run of a scheduled function. */
  const deadLetterText = (open: AttentionCaseView) => {
    if (open.kind === 'bulk_dead_letter')
      return t('dead_letter.bulk', { jobId: open.jobId, rows: open.rows, queue: open.source });
    if (open.kind === 'schedule_dead_letter')
      return t('dead_letter.schedule', { target: open.source?.split(':').pop() });
    return '';
  };
  /**
   * Where a refund owed from the product account goes: a bank transfer's account by the bank's name, the
   * holder, the number masked; or by hand, outside the provider (no account kept).
   */
  const transferText = (open: AttentionCaseView) => {
    const transfer = open.transferTo;
    if (!transfer) return open.kind === 'refund_transfer' ? t('by_hand.owed') : '';
    const bankId = refundBankId(transfer.bankCode);
    const bank = bankId ? t(`${REFUND_BANKS_NAMESPACE}:${bankId}`) : transfer.bankCode;
    return `${bank} · ${transfer.holder} · ${transfer.accountMasked}`;
  };
  const [resolving, setResolving] = useState<Resolving>();
  const [paying, setPaying] = useState<AttentionCaseView>();
  const columns = [
    column.accessor('raisedAt', { header: t('field.raised_at'), ...kstTime() }),
    column.accessor('kind', {
      header: t('field.kind'),
      ...labelled((kind: string) => codeLabel(t, 'attentionKind', kind)),
    }),
    column.accessor('uid', {
      header: t('field.user'),
      cell: (info) => {
        const uid = info.getValue();
        return uid ? (
          <Link to="/admin/users/$id/show" params={{ id: uid }}>
            {info.row.original.userEmail ?? uid}
          </Link>
        ) : null;
      },
      meta: { kind: 'id' },
    }),
    column.accessor(deadLetterText, { id: 'dead_letter', header: t('field.dead_letter') }),
    column.accessor('merchantUid', { header: t('field.merchant_uid'), ...identifier }),
    column.accessor('planName', {
      header: t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor(
      (open) => (open.amount === undefined ? '' : moneyText(open.amount, open.currency ?? '')),
      { id: 'amount', header: t('field.amount'), meta: { kind: 'amount' } },
    ),
    column.accessor(transferText, { id: 'transfer_to', header: t('field.transfer_to') }),
    column.accessor((open) => open.reason || (deadLetterText(open) ? t('reason_none') : ''), {
      id: 'reason',
      header: t('field.reason'),
      cell: (info) => <CodedText text={info.getValue()} />,
      meta: { kind: 'longtext' },
    }),
    column.display({
      id: 'actions',
      header: t('field.actions'),
      cell: (info) => {
        const open = info.row.original;
        return (
          <span className="console-row-actions">
            {RETRIED_KINDS.includes(open.kind) ? (
              <button
                type="button"
                className="console-button"
                aria-label={`${t('retry.button')} ${open.planId ?? open.jobId ?? open.caseId}`}
                onClick={() => setResolving({ open, action: 'retry' })}
              >
                {t('retry.button')}
              </button>
            ) : null}
            {open.kind === 'refund_transfer' ? (
              <button
                type="button"
                className="console-button"
                aria-label={`${t(open.transferTo ? 'transfer.open' : 'by_hand.open')} ${open.merchantUid ?? open.caseId}`}
                onClick={() => setPaying(open)}
              >
                {t(open.transferTo ? 'transfer.open' : 'by_hand.open')}
              </button>
            ) : null}
            {open.refundWays.length ? (
              <button
                type="button"
                className="console-button"
                aria-label={`${t('refund.button')} ${open.merchantUid ?? open.caseId}`}
                onClick={() => setResolving({ open, action: 'refund' })}
              >
                {t('refund.button')}
              </button>
            ) : null}
            <button
              type="button"
              className="console-button secondary"
              aria-label={`${t('dismiss.button')} ${open.merchantUid ?? open.caseId}`}
              onClick={() => setResolving({ open, action: 'dismiss' })}
            >
              {t('dismiss.button')}
            </button>
          </span>
        );
      },
    }),
  ];
  return (
    <>
      <ListTable
        list={cases}
        columns={columns}
        caption={t('title')}
        exportName="attention"
        getRowId={(open) => open.caseId}
      />
      {resolving ? <ResolveDialog resolving={resolving} onClose={() => setResolving(undefined)} /> : null}
      {paying ? <TransferDialog open={paying} onClose={() => setPaying(undefined)} /> : null}
    </>
  );
}
