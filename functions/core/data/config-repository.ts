import { randomUUID } from 'node:crypto';
import { Conflict, NotFound } from '../errors.ts';
import { tableService } from './client.ts';
import { Config, type ConfigItem, ConfigName } from './entities/config.ts';

const db = tableService({ config: Config, configName: ConfigName });

export interface ConfigEntry {
  configId: string;
  name: string;
  value: string;
}

function toEntry(item: Pick<ConfigItem, 'configId' | 'name' | 'value'>): ConfigEntry {
  return { configId: item.configId, name: item.name, value: item.value };
}

/** Creates an entry; a name already in use is a Conflict (checked in the same transaction). */
export async function createConfig(input: { name: string; value: string }): Promise<ConfigEntry> {
  const configId = randomUUID();
  const { canceled } = await db()
    .transaction.write(({ config, configName }) => [
      configName.create({ name: input.name, configId }).commit(),
      config.create({ configId, name: input.name, value: input.value }).commit(),
    ])
    .go();
  if (canceled) throw new Conflict(`A config named '${input.name}' already exists`);
  return { configId, ...input };
}

export async function listConfigs(): Promise<ConfigEntry[]> {
  const { data } = await db().entities.config.query.byName({}).go({ pages: 'all' });
  return data.map(toEntry);
}

export async function getConfig(configId: string): Promise<ConfigEntry> {
  const { data } = await db().entities.config.get({ configId }).go();
  if (!data) throw new NotFound(`Config ${configId}`);
  return toEntry(data);
}

/** The entry with a given name, if any: how features read their configuration. */
export async function findConfigByName(name: string): Promise<ConfigEntry | undefined> {
  const { data } = await db().entities.config.query.byName({ name }).go({ limit: 1 });
  return data[0] ? toEntry(data[0]) : undefined;
}

/** Replaces name and value; renaming moves the uniqueness guard in the same transaction. */
export async function updateConfig(
  configId: string,
  input: { name: string; value: string },
): Promise<ConfigEntry> {
  const current = await getConfig(configId);
  const renamed = current.name !== input.name;
  const { canceled } = await db()
    .transaction.write(({ config, configName }) => [
      config
        .patch({ configId })
        .set({ name: input.name, value: input.value })
        .where((attr, op) => op.eq(attr.name, current.name))
        .commit(),
      ...(renamed
        ? [
            configName
              .delete({ name: current.name })
              .where((attr, op) => op.eq(attr.configId, configId))
              .commit(),
            configName.create({ name: input.name, configId }).commit(),
          ]
        : []),
    ])
    .go();
  if (canceled) throw new Conflict(`Config ${configId} changed meanwhile, or '${input.name}' is taken`);
  return { configId, ...input };
}

export async function deleteConfig(configId: string): Promise<void> {
  const current = await getConfig(configId);
  const { canceled } = await db()
    .transaction.write(({ config, configName }) => [
      config
        .delete({ configId })
        .where((attr, op) => op.eq(attr.name, current.name))
        .commit(),
      configName
        .delete({ name: current.name })
        .where((attr, op) => op.eq(attr.configId, configId))
        .commit(),
    ])
    .go();
  if (canceled) throw new Conflict(`Config ${configId} changed meanwhile`);
}
