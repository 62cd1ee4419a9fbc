import * as z from 'zod';
import { searchText } from '../../lib/search-text.ts';

/** The refund pages' query: the session's guid; the outcome (success) or the client error code (fail). */
export const RefundSearch = z.object({
  guid: searchText(64),
  kind: searchText(16),
  code: searchText(8),
});
