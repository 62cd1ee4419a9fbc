import { searchParams, searchText } from '../../lib/search-params.ts';

/** The refund pages' query: the session's guid; the outcome (success) or the client error code (fail). */
export const RefundSearch = searchParams({
  guid: searchText(64),
  kind: searchText(16),
  code: searchText(8),
});
