import { describe, expect, it } from 'vitest';
import { ROUTES } from '../api/routes.ts';
import { isStaffWrite, roleAllows, routeTableProblems, STAFF_ROLES } from './staff-roles.ts';

describe('the route table’s staff roles', () => {
  it('names the role of every admin route, and no role elsewhere', () => {
    expect(routeTableProblems(ROUTES)).toEqual([]);
  });

  it('catches an admin route added without a role, and a role on another kind of route', () => {
    expect(
      routeTableProblems([
        { name: 'adminNew', caller: 'admin' },
        { name: 'publicNew', caller: 'public', role: 'viewer' },
        { name: 'userNew', caller: 'user', readOnly: true },
        { name: 'adminRead', caller: 'admin', role: 'viewer' },
      ]),
    ).toEqual([
      'adminNew: an admin route declares the staff role it needs',
      'publicNew: only admin routes declare a role or readOnly',
      'userNew: only admin routes declare a role or readOnly',
    ]);
  });

  it('lets an admin call everything, every role read, and each other role its own routes only', () => {
    const table = STAFF_ROLES.map((role) => STAFF_ROLES.map((needed) => (roleAllows(role, needed) ? 1 : 0)));
    // rows: the caller's role; columns: the role a route needs (viewer, support, finance, admin)
    expect(table).toEqual([
      [1, 0, 0, 0],
      [1, 1, 0, 0],
      [1, 0, 1, 0],
      [1, 1, 1, 1],
    ]);
  });

  it('audits every admin route but the reads', () => {
    expect(isStaffWrite({ caller: 'admin', role: 'viewer' })).toBe(false);
    expect(isStaffWrite({ caller: 'admin', role: 'finance', readOnly: true })).toBe(false);
    expect(isStaffWrite({ caller: 'admin', role: 'support' })).toBe(true);
    expect(isStaffWrite({ caller: 'user' })).toBe(false);
  });
});
