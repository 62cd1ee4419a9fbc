import * as z from 'zod';

/** A query parameter read as text (the router keeps query values as text); anything unusable reads as absent. */
export const searchText = (max: number) => z.string().max(max).optional().catch(undefined);
