import { searchParams, searchText } from '../../lib/search-params.ts';

/**
 * The refund pages' query: the session's guid (the page, and the success page's outcome); the outcome
 * (success); the client error code and the server's error type (fail).
 */
export const RefundSearch = searchParams({
  guid: searchText(64),
  kind: searchText(16),
  code: searchText(8),
  cause: searchText(40),
});
