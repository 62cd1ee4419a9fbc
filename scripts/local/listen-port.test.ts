import { describe, expect, it } from 'vitest';
import { DEFAULT_PORT, listenPort } from './listen-port.ts';

describe('the runtime port from PORT', () => {
  it('is 3000 when PORT is unset or empty', () => {
    expect(listenPort(undefined)).toBe(DEFAULT_PORT);
    expect(listenPort('')).toBe(DEFAULT_PORT);
    expect(listenPort('  ')).toBe(DEFAULT_PORT);
  });

  it('takes a port number, and 0 for a free port the system picks', () => {
    expect(listenPort('4000')).toBe(4000);
    expect(listenPort('0')).toBe(0);
    expect(listenPort('65535')).toBe(65_535);
  });

  it('refuses what is not a port number, instead of listening somewhere else', () => {
    for (const value of ['abc', '3000x', '-1', '3.5', '65536', '0x10'])
      expect(() => listenPort(value), value).toThrow(/PORT must be a port number/);
  });
});
