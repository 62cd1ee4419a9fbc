import * as z from 'zod';

/**
 * How the console's lists page (issue 19): every list is an index query (never a scan) read a page at a
 * time. A request names where the previous page ended (`cursor`, exactly as the previous answer gave
 * it: DynamoDB's LastEvaluatedKey, wrapped by the server) and how many rows it wants; the answer carries
 * the next page's cursor, null after the last page. A cursor is opaque to the browser and valid only for
 * the list that made it.
 */
export const LIST_PAGE_SIZE = 50;
/** The most rows one page may ask for (a CSV export reads the list in pages this large). */
export const LIST_PAGE_MAX = 500;

/** The paging fields of a list request, spread into the route's request object. */
export const ListPageRequestShape = {
  cursor: z.string().min(1).max(2048).optional(),
  limit: z.number().int().min(1).max(LIST_PAGE_MAX).optional(),
};
export type ListPageRequest = { cursor?: string | undefined; limit?: number | undefined };

/** The paging field of a list answer. */
export const ListPageAnswerShape = { cursor: z.string().nullable() };
