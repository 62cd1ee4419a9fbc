import { describe, expect, it } from 'vitest';
import { cleanFilters } from './list-filters.ts';

describe('the filters an address keeps', () => {
  it('leaves out empty text and switched-off flags, keeps the rest as typed', () => {
    expect(cleanFilters({ name: 'Kim ', email: '', uid: undefined, partial: false, daily: true })).toEqual({
      name: 'Kim ',
      daily: true,
    });
  });
});
