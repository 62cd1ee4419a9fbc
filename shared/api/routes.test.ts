import { describe, expect, it } from 'vitest';
import { defineRoute } from './define-route.ts';
import { conflictingPathVariables } from './path-variables.ts';
import { ROUTES } from './routes.ts';

const route = (method: 'GET' | 'PUT', path: string) =>
  defineRoute({
    name: `${method}${path}`,
    service: 'auth',
    method,
    path,
    caller: 'admin',
    summary: '',
    request: {} as never,
    response: {} as never,
    handler: '',
  });

describe('path variables of the route table', () => {
  it('have one name per level of a path, as API Gateway requires', () => {
    expect(conflictingPathVariables(ROUTES)).toEqual([]);
  });

  it('are told apart per level and per prefix', () => {
    expect(conflictingPathVariables([route('GET', '/x/{id}'), route('PUT', '/x/{sid}')])).toEqual([
      'PUT /auth/x/{sid} names {sid} where GET /auth/x/{id} names {id}',
    ]);
    expect(
      conflictingPathVariables([route('GET', '/x/{id}/y/{a}'), route('PUT', '/x/{id}/y/{b}')]),
    ).toHaveLength(1);
    expect(
      conflictingPathVariables([
        route('GET', '/x/{id}'),
        route('GET', '/z/{sid}'),
        route('GET', '/x/{id}/y/{a}'),
        route('PUT', '/x/{id}/w/{b}'),
      ]),
    ).toEqual([]);
  });
});
