import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { StaffMemberView } from '../../../../../shared/api/staff.ts';
import { STAFF_ROLES, type StaffRole } from '../../../../../shared/staff/staff-roles.ts';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { identifier, kstTime, labelled, shownAs } from '../../../components/console/list/list-columns.tsx';
import { notify } from '../../../components/console/toast.ts';
import { consoleSession } from '../../../lib/console/console-session.ts';
import { codeLabel, roleLabel } from '../../../lib/labels/labels.ts';
import { useResetSecondFactor, useStaffList, useUpdateStaff } from '../api/staff.ts';

const column = createColumnHelper<StaffMemberView>();

/**
 * The staff (admin only): each member's role (changed in place), state, second factor and recovery codes
 * left, and the actions: disable or enable, reset the second factor. The server keeps the last active
 * admin, and says so.
 */
export function StaffList() {
  const { t } = useTranslation('console-staff');
  const list = useStaffList();
  const update = useUpdateStaff();
  const reset = useResetSecondFactor();
  const confirm = useConfirm();
  const me = consoleSession()?.email;
  // The server keeps the last active admin whatever is asked; the page does not offer what it refuses.
  const activeAdmins = list.firstPage?.activeAdmins;
  const lastAdmin = (member: StaffMemberView) =>
    member.role === 'admin' && member.status === 'active' && activeAdmins !== undefined && activeAdmins <= 1;

  async function change(
    member: StaffMemberView,
    input: { role?: StaffRole; enabled?: boolean },
    done: string,
  ) {
    try {
      await update.mutateAsync({ uid: member.uid, ...input });
      notify.success(done);
    } catch (error) {
      notify.failure(t('action.failed'), error);
    }
  }

  async function resetFactor(member: StaffMemberView) {
    if (!(await confirm({ title: t('action.reset_confirm', { email: member.email }), destructive: true })))
      return;
    try {
      await reset.mutateAsync(member.uid);
      notify.success(t('action.reset_done', { email: member.email }));
    } catch (error) {
      notify.failure(t('action.failed'), error);
    }
  }

  async function toggle(member: StaffMemberView) {
    const enabled = member.status === 'disabled';
    if (
      !enabled &&
      !(await confirm({ title: t('action.disable_confirm', { email: member.email }), destructive: true }))
    )
      return;
    await change(
      member,
      { enabled },
      t(enabled ? 'action.enabled' : 'action.disabled', { email: member.email }),
    );
  }

  const columns = [
    column.accessor('email', {
      header: t('column.email'),
      cell: (cell) =>
        cell.getValue() === me ? t('column.you', { email: cell.getValue() }) : cell.getValue(),
      meta: { kind: 'id' },
    }),
    column.accessor('role', {
      header: t('column.role'),
      cell: (cell) => (
        <select
          aria-label={t('column.role_of', { email: cell.row.original.email })}
          value={cell.getValue()}
          disabled={update.isPending || lastAdmin(cell.row.original)}
          title={lastAdmin(cell.row.original) ? t('last_admin') : undefined}
          onChange={(event) =>
            change(
              cell.row.original,
              { role: event.target.value as StaffRole },
              t('action.role_changed', {
                email: cell.row.original.email,
                role: roleLabel(t, event.target.value),
              }),
            )
          }
        >
          {STAFF_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(t, role)}
            </option>
          ))}
        </select>
      ),
      meta: { kind: 'code', csv: (role: StaffRole) => roleLabel(t, role) },
    }),
    column.accessor('status', {
      header: t('column.status'),
      ...labelled((status: string) => codeLabel(t, 'staffStatus', status)),
    }),
    column.accessor('enrolled', {
      header: t('column.second_factor'),
      ...shownAs((enrolled: boolean) => t(enrolled ? 'enrolled.yes' : 'enrolled.no'), 'code'),
    }),
    column.accessor('recoveryCodesLeft', {
      header: t('column.recovery_left'),
      cell: (cell) =>
        cell.row.original.enrolled && cell.getValue() === 0 ? (
          <span className="console-warning">{t('recovery_none')}</span>
        ) : (
          cell.getValue()
        ),
      meta: { kind: 'count' },
    }),
    column.accessor('invitedByEmail', { header: t('column.invited_by'), ...identifier }),
    column.accessor('created', { header: t('column.created'), ...kstTime() }),
    column.display({
      id: 'actions',
      header: t('column.actions'),
      cell: (cell) => {
        const member = cell.row.original;
        return (
          <div className="console-row-actions">
            {lastAdmin(member) ? <span className="console-hint">{t('last_admin')}</span> : null}
            {member.status !== 'invited' && !lastAdmin(member) ? (
              <button type="button" className="console-button secondary" onClick={() => toggle(member)}>
                {t(member.status === 'disabled' ? 'action.enable' : 'action.disable')}
              </button>
            ) : null}
            {member.enrolled ? (
              <button type="button" className="console-button secondary" onClick={() => resetFactor(member)}>
                {t('action.reset')}
              </button>
            ) : null}
          </div>
        );
      },
    }),
  ];
  return (
    <section className="console-card">
      <ListTable
        list={list}
        columns={columns}
        caption={t('list.caption')}
        exportName="staff"
        getRowId={(row) => row.uid}
        rowLabel={(row) => row.email}
      />
    </section>
  );
}
