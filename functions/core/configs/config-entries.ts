import { CONFIG_MESSAGES, isRequiredConfig } from '../../../shared/configs/config-entries.ts';
import { noteAuditChange } from '../audit/audit-notes.ts';
import { type ConfigEntry, deleteConfig, getConfig, updateConfig } from '../data/config-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * Changes of config entries by operators. An entry the product cannot do without (the voice list,
 * the release feed) is neither deleted nor renamed away: either would take it from the product as
 * surely. Values are checked against their entry's form by the route's rule.
 */
async function refuseIfRequired(
  configId: string,
  change: (current: ConfigEntry) => boolean,
): Promise<ConfigEntry> {
  const current = await getConfig(configId);
  if (isRequiredConfig(current.name) && change(current))
    throw new AdminError('invalid_argument', CONFIG_MESSAGES.required);
  return current;
}

export async function updateConfigEntry(
  configId: string,
  input: { name: string; value: string },
): Promise<ConfigEntry> {
  const before = await refuseIfRequired(configId, (current) => current.name !== input.name);
  noteAuditChange({
    targetId: configId,
    before: { name: before.name, value: before.value },
    after: { name: input.name, value: input.value },
  });
  return updateConfig(configId, input);
}

export async function deleteConfigEntry(configId: string): Promise<void> {
  const before = await refuseIfRequired(configId, () => true);
  noteAuditChange({ targetId: configId, before: { name: before.name, value: before.value } });
  await deleteConfig(configId);
}
