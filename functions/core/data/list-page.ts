import { createConversions, type Entity, type Schema } from 'electrodb';
import * as z from 'zod';
import { LIST_PAGE_SIZE, type ListPageRequest } from '../../../shared/api/list-page.ts';
import { AdminError } from '../errors.ts';

/**
 * One page of a console list (shared/api/list-page.ts), read from ElectroDB queries a DynamoDB page at
 * a time: never a scan, never the whole list. A list is one query, or several read one after another
 * (a search that follows a handful of accounts reads each account's query in turn).
 *
 * Without a filter each round asks DynamoDB for the rows still missing (its Limit), so its
 * LastEvaluatedKey is where the page stops. A filter (`keep`) reads larger rounds; when they keep more
 * rows than the page needs, the page stops at its last row (ElectroDB turns that row into a cursor).
 * Either way the next page neither skips nor repeats a row. A sparse filter may answer a short page
 * (even an empty one) with a cursor after a few rounds; the console then asks for the next one.
 */
export interface PagedQuery<Item> {
  read: (page: { cursor: string | null; limit: number }) => Promise<{ data: Item[]; cursor: string | null }>;
  /** The cursor that resumes right after `item` (ElectroDB's conversions). */
  after: (item: Item) => string;
}

/**
 * A query on `entity`'s access pattern `index`, paged by `read` (given ElectroDB's cursor and DynamoDB's
 * Limit). `hiddenKeys` gives the index's hidden key attributes of a row: ElectroDB never returns a hidden
 * attribute, so without them a row could not be turned into a cursor.
 */
export function pagedQuery<
  A extends string,
  F extends string,
  C extends string,
  S extends Schema<A, F, C>,
  Item,
>(
  entity: Entity<A, F, C, S>,
  index: keyof S['indexes'],
  read: PagedQuery<Item>['read'],
  hiddenKeys?: (item: Item) => Record<string, string>,
): PagedQuery<Item> {
  const toCursor = createConversions(entity).byAccessPattern[index].fromComposite.toCursor;
  return { read, after: (item) => toCursor({ ...item, ...hiddenKeys?.(item) } as never) };
}

export interface Page<Row> {
  rows: Row[];
  cursor: string | null;
}

/** Rounds one request may make before it answers a short page (a filter that keeps few rows). */
const MAX_ROUNDS = 5;
/** Rows a filtered round reads at least. */
const FILTERED_ROUND = 200;

/** What the browser holds between pages: the list, the query reached, and ElectroDB's cursor in it. */
const CursorSchema = z.object({ l: z.string(), q: z.number().int().min(0), c: z.string().nullable() });

export const INVALID_CURSOR = 'The list cursor is not valid; load the list again';

export async function readPage<Item>(
  list: string,
  queries: readonly PagedQuery<Item>[],
  request: ListPageRequest,
  keep?: (item: Item) => boolean,
  /** Rounds before a short page is answered: a list of many small queries (a month of days) asks for one each. */
  maxRounds = MAX_ROUNDS,
): Promise<Page<Item>> {
  const limit = request.limit ?? LIST_PAGE_SIZE;
  let { q, c } = request.cursor ? decodeCursor(list, request.cursor, queries.length) : { q: 0, c: null };
  const rows: Item[] = [];
  for (let round = 0; q < queries.length && rows.length < limit && round < maxRounds; round += 1) {
    const query = queries[q] as PagedQuery<Item>;
    const need = limit - rows.length;
    const read = await readFrom(
      query,
      c,
      keep ? Math.max(need, FILTERED_ROUND) : need,
      round === 0 && c !== null,
    );
    const kept = keep ? read.data.filter(keep) : read.data;
    if (kept.length > need) {
      rows.push(...kept.slice(0, need));
      c = query.after(rows.at(-1) as Item);
    } else {
      rows.push(...kept);
      if (read.cursor) c = read.cursor;
      else [q, c] = [q + 1, null];
    }
  }
  return { rows, cursor: q < queries.length ? encodeCursor({ l: list, q, c }) : null };
}

/** The ElectroDB read, with a refusal of the browser's cursor answered as the caller's mistake. */
async function readFrom<Item>(query: PagedQuery<Item>, cursor: string | null, limit: number, given: boolean) {
  try {
    return await query.read({ cursor, limit });
  } catch (error) {
    if (given && isRefusedStartKey(error)) throw new AdminError('invalid_argument', INVALID_CURSOR);
    throw error;
  }
}

/**
 * ElectroDB cannot parse the key (a plain Error), or DynamoDB refuses it as ExclusiveStartKey
 * (ValidationException: not this query's partition or key schema).
 */
export function isRefusedStartKey(error: unknown): boolean {
  const cause = (error as { cause?: { name?: string } }).cause;
  return (
    (error instanceof Error && error.message.includes('Unable to parse cursor')) ||
    cause?.name === 'ValidationException'
  );
}

/**
 * A search by name or e-mail (issue 19: the partial match without a checkbox): they match in full, and
 * as prefixes when the request asks for it or when nothing at all matches in full (`canWiden`: a name or
 * an e-mail is given). The prefix search pages as a list of its own, so a cursor keeps its mode.
 */
export async function fullThenPrefix<Row>(
  list: string,
  request: ListPageRequest & { partial?: boolean | undefined },
  canWiden: boolean,
  search: (partial: boolean, list: string) => Promise<Page<Row>>,
): Promise<Page<Row> & { partial: boolean }> {
  const prefixList = `${list}-prefix`;
  const continuesPrefix = request.cursor ? parseCursor(request.cursor)?.l === prefixList : false;
  if (!request.partial && !continuesPrefix) {
    const full = await search(false, list);
    const nothingInFull = !full.rows.length && !full.cursor && !request.cursor;
    if (!nothingInFull || !canWiden) return { ...full, partial: false };
  }
  return { ...(await search(true, prefixList)), partial: true };
}

type Cursor = z.infer<typeof CursorSchema>;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

function parseCursor(text: string): Cursor | undefined {
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
  } catch {
    return undefined;
  }
}

function decodeCursor(list: string, text: string, queries: number): Pick<Cursor, 'q' | 'c'> {
  const cursor = parseCursor(text);
  if (!cursor || cursor.l !== list || cursor.q >= queries)
    throw new AdminError('invalid_argument', INVALID_CURSOR);
  return cursor;
}

/** ElectroDB's options for one round of a list query. */
export const pageOptions = (page: { cursor: string | null; limit: number }) =>
  ({ cursor: page.cursor, limit: page.limit, pages: 1 }) as const;
