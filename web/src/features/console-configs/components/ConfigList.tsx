import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { adminConfigList } from '../../../../../shared/api/configs.ts';
import type { RouteOutput } from '../../../../../shared/api/define-route.ts';
import { isRequiredConfig } from '../../../../../shared/configs/config-entries.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { RowEditActions } from '../../../components/console/RowEditActions.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useDeleteAction } from '../../../components/console/use-delete-action.ts';
import { useRowEditing } from '../../../components/console/use-row-editing.ts';
import { useConfigs } from '../api/get-configs.ts';
import { type ConfigFields, useConfigWrites } from '../api/save-config.ts';
import { configFormRule } from './config-rule.ts';

type Config = RouteOutput<typeof adminConfigList>['configs'][number];
const column = createColumnHelper<Config>();

/**
 * The config list: every entry by name. A row is edited in place (one at a time, Save and Cancel),
 * or on its own page for long values; Delete asks 'Do you want to delete {id}?' (the entries the product
 * cannot do without have none).
 */
export function ConfigList() {
  const { t } = useTranslation('console-configs');
  const configs = useConfigs();
  const writes = useConfigWrites();
  const editing = useRowEditing<ConfigFields>();
  const remove = useDeleteAction((configId) => writes.remove.mutateAsync(configId));

  const save = async (configId: string) => {
    const checked = configFormRule.safeParse(editing.draft);
    if (!checked.success)
      return notify.failure(t(checked.error.issues[0]?.message ?? 'console-shell:toast.save_failed'));
    editing.cancel();
    await writes.update({ configId, ...checked.data });
  };
  const cellInput = (config: Config, field: keyof ConfigFields) =>
    editing.isEditing(config.configId) && editing.draft ? (
      <input
        className="console-inline-input"
        aria-label={`${t(`field.${field}`)} ${config.name}`}
        value={editing.draft[field]}
        onChange={(event) =>
          editing.change({ ...(editing.draft as ConfigFields), [field]: event.target.value })
        }
      />
    ) : field === 'value' ? (
      <code className="console-config-value">
        {config.value.length > 160 ? `${config.value.slice(0, 160)}…` : config.value}
      </code>
    ) : (
      config.name
    );

  const columns = [
    column.accessor('name', {
      header: () => t('field.name'),
      cell: (info) => cellInput(info.row.original, 'name'),
    }),
    column.accessor('value', {
      header: () => t('field.value'),
      enableSorting: false,
      cell: (info) => cellInput(info.row.original, 'value'),
    }),
    column.display({
      id: 'actions',
      header: () => t('field.actions'),
      cell: (info) => {
        const config = info.row.original;
        return (
          <span className="console-row-actions">
            <RowEditActions
              name={config.name}
              editing={editing.isEditing(config.configId)}
              anotherEditing={editing.editingId !== undefined && !editing.isEditing(config.configId)}
              onEdit={() => editing.start(config.configId, { name: config.name, value: config.value })}
              onCancel={editing.cancel}
              onSave={() => save(config.configId)}
              onDelete={
                isRequiredConfig(config.name) ? undefined : () => remove(config.configId, config.name)
              }
            />
            <Link
              to="/admin/config/$id/edit"
              params={{ id: config.configId }}
              className="console-button secondary"
            >
              {t('open_editor')}
            </Link>
          </span>
        );
      },
    }),
  ];
  return (
    <>
      <ErrorNote error={configs.error} />
      <DataTable
        data={configs.data?.configs ?? []}
        columns={columns}
        getRowId={(config) => config.configId}
        caption={t('title')}
      />
    </>
  );
}
