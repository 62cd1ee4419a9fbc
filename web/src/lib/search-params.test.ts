import { describe, expect, it } from 'vitest';
import {
  searchChoice,
  searchChoiceOr,
  searchFlag,
  searchMatching,
  searchParams,
  searchText,
  searchTextOr,
} from './search-params.ts';

describe('query parameter readers', () => {
  it('read text up to its limit; anything else reads as absent or as the fallback', () => {
    expect(searchText(4)('abcd')).toBe('abcd');
    expect(searchText(4)('abcde')).toBeUndefined();
    expect(searchText(4)(12)).toBeUndefined();
    expect(searchTextOr(4, 'x')(undefined)).toBe('x');
    expect(searchTextOr(4, 'x')('toolong')).toBe('x');
    expect(searchMatching(/^[0-9a-f]{4}$/)('beef')).toBe('beef');
    expect(searchMatching(/^[0-9a-f]{4}$/)('BEEF')).toBeUndefined();
  });

  it('read a choice among the allowed ones', () => {
    expect(searchChoice(['landing', 'app'])('app')).toBe('app');
    expect(searchChoice(['landing', 'app'])('web')).toBeUndefined();
    expect(searchChoiceOr(['landing', 'app'], 'landing')('web')).toBe('landing');
  });

  it('read a flag as links write it', () => {
    expect(searchFlag('1')).toBe(true);
    expect(searchFlag('true')).toBe(true);
    expect(searchFlag('')).toBe(false);
    expect(searchFlag(true)).toBe(true);
    expect(searchFlag(undefined)).toBeUndefined();
  });

  it('keep only the named parameters that read as present', () => {
    const read = searchParams({ guid: searchText(8), action: searchTextOr(8, 'signin'), popup: searchFlag });
    expect(read({ guid: 'g1', popup: '1', other: 'dropped' })).toEqual({
      guid: 'g1',
      action: 'signin',
      popup: true,
    });
    expect(read({ guid: 'much-too-long' })).toEqual({ action: 'signin' });
  });
});
