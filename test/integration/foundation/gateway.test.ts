import { describe, expect, inject, it } from 'vitest';
import { routePath } from '../../../shared/api/define-route.ts';
import { geoip } from '../../../shared/api/geo.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { call } from '../helpers.ts';

describe('POST /auth/geoip', () => {
  it("answers the viewer's country that CloudFront resolved, cacheable for a day", async () => {
    const { status, body, headers } = await call(geoip, {});
    expect(status).toBe(200);
    expect(body).toEqual({ country: 'KR' });
    expect(headers.get('cache-control')).toBe('private, max-age=86400');
  });
});

describe('the local gateway', () => {
  it('refuses crash points, which need each function in a process of its own (npm start -- --lambda)', async () => {
    const response = await fetch(new URL('/_local/crash', inject('apiUrl')), {
      method: 'POST',
      body: JSON.stringify({ function: 'createBillingKeyPayment', point: { handler: 'returned' } }),
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(/npm start -- --lambda/);
  });

  it('answers an unknown API path like API Gateway', async () => {
    const response = await fetch(new URL('/payment/no-such-route', inject('apiUrl')), { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not Found' });
  });

  it('serves the OpenAPI 3.1 document of exactly the route table', async () => {
    const response = await fetch(new URL('/_local/openapi.json', inject('apiUrl')));
    const document = await response.json();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.entries(
      document.paths as Record<string, Record<string, { operationId: string }>>,
    ).flatMap(([path, methods]) =>
      Object.entries(methods).map(
        ([method, operation]) => `${method.toUpperCase()} ${path} ${operation.operationId}`,
      ),
    );
    expect(operations.sort()).toEqual(
      ROUTES.map((route) => `${route.method} ${routePath(route)} ${route.name}`).sort(),
    );
    // Each admin operation shows the staff role it needs beside its caller kind (issue 27).
    for (const route of ROUTES.filter((one) => one.caller === 'admin'))
      expect(document.paths[routePath(route)][route.method.toLowerCase()], route.name).toMatchObject({
        'x-caller-kind': 'admin',
        'x-role': route.role,
      });
  });
});
