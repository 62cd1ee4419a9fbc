/** The tracking client id: 'w-' for the web ('e-' is the desktop app's), with its creation time. */
export const CLIENT_ID_KEY = 'cutloom.cid';

export interface TrackingClient {
  cid: string;
  cidTimestamp: number;
}

export function trackingClient(now = Date.now(), storage: Storage = localStorage): TrackingClient {
  try {
    const stored = JSON.parse(storage.getItem(CLIENT_ID_KEY) ?? 'null') as Partial<TrackingClient> | null;
    if (
      typeof stored?.cid === 'string' &&
      stored.cid.startsWith('w-') &&
      typeof stored.cidTimestamp === 'number'
    )
      return { cid: stored.cid, cidTimestamp: stored.cidTimestamp };
  } catch {
    // Corrupt entry: start a new client.
  }
  const client = { cid: `w-${crypto.randomUUID()}`, cidTimestamp: now };
  try {
    storage.setItem(CLIENT_ID_KEY, JSON.stringify(client));
  } catch {
    // Storage blocked: the id lives for this page only.
  }
  return client;
}
