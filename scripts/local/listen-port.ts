/** Where `npm start` listens when PORT is not set. */
export const DEFAULT_PORT = 3000;

/**
 * The runtime's port from PORT: unset or empty is 3000, 0 lets the system pick a free one (the banner
 * prints it), anything else must be a port number. The runtime opens no other fixed port: the site's
 * hot-reload socket is served on this one, and DynamoDB Local and the stand-ins take free loopback
 * ports (docs/local-runtime.md, "Ports"), so runtimes on different PORTs never collide.
 */
export function listenPort(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_PORT;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65_535)
    throw new Error(`PORT must be a port number from 0 to 65535 (got ${JSON.stringify(value)})`);
  return port;
}
