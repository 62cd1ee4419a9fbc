import { describe, expect, it } from 'vitest';
import { ROUTES } from '../api/routes.ts';
import { isStaffWrite } from '../staff/staff-roles.ts';
import { AUDIT_ROUTE_KINDS } from './audit-kinds.ts';

describe('audit kinds', () => {
  it('are the names of the staff write routes, each once', () => {
    const writes = ROUTES.filter(isStaffWrite).map((route) => route.name);
    expect([...AUDIT_ROUTE_KINDS].sort()).toEqual([...writes].sort());
    expect(new Set(AUDIT_ROUTE_KINDS).size).toBe(AUDIT_ROUTE_KINDS.length);
  });
});
