import { type IDBPDatabase, openDB } from 'idb';

/** Section 9: buffered events live 7 days, at most 1000 of them (the oldest go first). */
export const EVENT_LIFETIME_MS = 7 * 86_400_000;
export const BUFFER_LIMIT = 1000;
export const BUFFER_DATABASE = 'cutloom-analytics';
const STORE = 'events';

export interface EventProps {
  category: string;
  label?: string;
  customValue?: string | number;
  pathname: string;
}

/** A buffered analytics event (section 3), with the session group it belongs to. */
export interface BufferedEvent {
  eventName: string;
  props: EventProps;
  unixTimestampMs: number;
  insertId: string;
  sessionId: string;
  createdAt: number;
  expiresAt: number;
}

/** The buffer's contract; the IndexedDB one survives reloads, the memory one is its fallback. */
export interface EventBuffer {
  add(event: BufferedEvent): Promise<void>;
  /** Unexpired events, oldest first. */
  list(now: number): Promise<BufferedEvent[]>;
  remove(insertIds: readonly string[]): Promise<void>;
}

function newest(events: BufferedEvent[], now: number): BufferedEvent[] {
  return events
    .filter((event) => event.expiresAt > now)
    .sort((a, b) => a.unixTimestampMs - b.unixTimestampMs)
    .slice(-BUFFER_LIMIT);
}

export function memoryBuffer(): EventBuffer {
  let events: BufferedEvent[] = [];
  return {
    async add(event) {
      events = newest([...events, event], event.createdAt);
    },
    async list(now) {
      events = newest(events, now);
      return [...events];
    },
    async remove(insertIds) {
      events = events.filter((event) => !insertIds.includes(event.insertId));
    },
  };
}

/** Deletes every IndexedDB database of this origin: a broken local database must not stay broken. */
export async function deleteLocalDatabases(factory: IDBFactory = indexedDB): Promise<void> {
  const names = factory.databases
    ? (await factory.databases()).map((info) => info.name).filter((name): name is string => Boolean(name))
    : [BUFFER_DATABASE];
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = factory.deleteDatabase(name);
          request.onsuccess = request.onerror = request.onblocked = () => resolve();
        }),
    ),
  );
}

/**
 * The IndexedDB buffer. Any database failure deletes the local databases and moves the events
 * that are still in hand to memory, so tracking never breaks a page.
 */
export function indexedDbBuffer(factory: IDBFactory = indexedDB): EventBuffer {
  let fallback: EventBuffer | undefined;
  let database: Promise<IDBPDatabase> | undefined;
  const open = () => {
    database ??= openDB(BUFFER_DATABASE, 1, {
      upgrade(db) {
        db.createObjectStore(STORE, { keyPath: 'insertId' }).createIndex('byTime', 'unixTimestampMs');
      },
      // Another tab (or a clean-up) wants the database: step aside and reopen on the next use.
      blocking(_current, _next, event) {
        (event.target as IDBDatabase).close();
        database = undefined;
      },
    });
    return database;
  };
  async function guarded<T>(
    work: (db: IDBPDatabase) => Promise<T>,
    instead: (memory: EventBuffer) => Promise<T>,
  ) {
    if (fallback) return instead(fallback);
    try {
      return await work(await open());
    } catch (error) {
      console.warn('The analytics buffer failed; deleting the local databases', error);
      fallback = memoryBuffer();
      (await database?.catch(() => undefined))?.close();
      await deleteLocalDatabases(factory).catch(() => undefined);
      return instead(fallback);
    }
  }
  return {
    add: (event) =>
      guarded(
        async (db) => {
          const transaction = db.transaction(STORE, 'readwrite');
          await transaction.store.put(event);
          // Prune in the same transaction: expired events, then the oldest beyond the limit.
          let cursor = await transaction.store.index('byTime').openCursor();
          let count = await transaction.store.count();
          while (cursor) {
            const stale = (cursor.value as BufferedEvent).expiresAt <= event.createdAt;
            if (!stale && count <= BUFFER_LIMIT) break;
            await cursor.delete();
            count -= 1;
            cursor = await cursor.continue();
          }
          await transaction.done;
        },
        (memory) => memory.add(event),
      ),
    list: (now) =>
      guarded(
        async (db) => newest((await db.getAllFromIndex(STORE, 'byTime')) as BufferedEvent[], now),
        (memory) => memory.list(now),
      ),
    remove: (insertIds) =>
      guarded(
        async (db) => {
          const transaction = db.transaction(STORE, 'readwrite');
          await Promise.all([...insertIds.map((id) => transaction.store.delete(id)), transaction.done]);
        },
        (memory) => memory.remove(insertIds),
      ),
  };
}
