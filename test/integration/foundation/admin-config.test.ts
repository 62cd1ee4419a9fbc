import { describe, expect, it } from 'vitest';
import {
  adminConfigCreate,
  adminConfigDelete,
  adminConfigGet,
  adminConfigList,
  adminConfigUpdate,
} from '../../../shared/api/configs.ts';
import { adminToken, call, uniqueId } from '../helpers.ts';

describe('the admin config calls', () => {
  it('create, list, get, rename, delete', async () => {
    const token = await adminToken();
    const name = uniqueId('maintenance');
    const created = await call(adminConfigCreate, { name, value: '{"type":"planned"}' }, { token });
    expect(created.status).toBe(200);
    const { configId } = created.body;
    expect(configId).toEqual(expect.any(String));

    const list = await call(adminConfigList, {}, { token });
    expect(list.body.configs).toContainEqual({ configId, name, value: '{"type":"planned"}' });

    expect((await call(adminConfigGet, { id: configId }, { token })).body.config).toEqual({
      configId,
      name,
      value: '{"type":"planned"}',
    });

    const renamed = `${name}-renamed`;
    const updated = await call(adminConfigUpdate, { id: configId, name: renamed, value: 'off' }, { token });
    expect(updated.body.config).toEqual({ configId, name: renamed, value: 'off' });
    // The old name is free again, the new one is taken.
    const reuse = await call(adminConfigCreate, { name, value: 'x' }, { token });
    expect(reuse.status).toBe(200);
    const clash = await call(adminConfigCreate, { name: renamed, value: 'x' }, { token });
    expect(clash).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });

    expect((await call(adminConfigDelete, { id: configId }, { token })).body).toEqual({ configId });
    const gone = await call(adminConfigGet, { id: configId }, { token });
    expect(gone).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
    const relist = await call(adminConfigList, {}, { token });
    expect(relist.body.configs.map((config: { configId: string }) => config.configId)).not.toContain(
      configId,
    );
  });

  it('refuses a duplicate name and changes nothing', async () => {
    const token = await adminToken();
    const name = uniqueId('flag');
    await call(adminConfigCreate, { name, value: 'a' }, { token });
    const again = await call(adminConfigCreate, { name, value: 'b' }, { token });
    expect(again).toMatchObject({ status: 409, body: { error: { code: 'conflict' } } });
    const list = await call(adminConfigList, {}, { token });
    expect(list.body.configs.filter((config: { name: string }) => config.name === name)).toEqual([
      expect.objectContaining({ name, value: 'a' }),
    ]);
  });

  it('refuses invalid input in the admin format', async () => {
    const token = await adminToken();
    const answer = await call(adminConfigCreate, { name: '', value: 'x' }, { token });
    expect(answer).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
  });
});
