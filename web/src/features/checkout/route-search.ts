import { type SearchOf, searchParams, searchText } from '../../lib/search-params.ts';

/** The order pages' query: the session's guid, test mode and the price version. */
export const ORDER_QUERY = {
  guid: searchText(64),
  test: searchText(8),
  priceVersion: searchText(16),
};
export const OrderSearch = searchParams(ORDER_QUERY);
export type OrderSearch = SearchOf<typeof ORDER_QUERY>;

/**
 * The result pages' query (section 2): the session and payment query, and what the provider's checkout
 * (imp_uid, merchant_uid, imp_success, error_code, error_msg) or the wallet (resultCode, resultMessage,
 * reserveId, tempReceiptId) appended; the confirmation reads the latter from the address itself.
 */
export const ResultSearch = searchParams({
  ...ORDER_QUERY,
  imp_uid: searchText(64),
  merchant_uid: searchText(64),
  imp_success: searchText(8),
  error_code: searchText(32),
  error_msg: searchText(512),
  resultCode: searchText(64),
  resultMessage: searchText(512),
  reserveId: searchText(128),
  tempReceiptId: searchText(128),
});

export const orderQuery = (search: OrderSearch) => ({ test: search.test, priceVersion: search.priceVersion });
