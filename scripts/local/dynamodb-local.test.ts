import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { listensOn } from './dynamodb-local.ts';

/**
 * DynamoDB Local is told a port found free a moment before; another process may take it first, and
 * then the emulator's readiness check would be answered by that process. The runtime takes an answer as
 * its emulator's only when the emulator's own process holds the listening socket.
 */
describe('which process listens on a port', () => {
  it('is this process for its own server, and not a process that only connects to it', async () => {
    const server = createServer((socket) => socket.end());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const client = spawn(process.execPath, [
      '-e',
      `require('node:net').connect(${port}, '127.0.0.1').on('connect', () => console.log('connected')); setTimeout(() => {}, 10000);`,
    ]);
    try {
      await once(client.stdout, 'data');
      expect(listensOn(process.pid, port)).toBe(true);
      expect(listensOn(client.pid as number, port)).toBe(false);
    } finally {
      client.kill();
      server.close();
    }
  });

  it('is nobody once the server has closed', async () => {
    const server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    await new Promise((closed) => server.close(closed));
    expect(listensOn(process.pid, port)).toBe(false);
  });
});
