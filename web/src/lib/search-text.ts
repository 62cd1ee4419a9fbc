import * as z from 'zod';

/**
 * A query parameter read as text. The router parses query values as JSON where it can (`test=1` is the
 * number 1, `imp_success=true` a boolean), so a parameter that is text to us is turned back into text;
 * anything unusable reads as absent.
 */
export const searchText = (max: number) =>
  z
    .preprocess(
      (value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
      z.string().max(max),
    )
    .optional()
    .catch(undefined);
