/**
 * What PortOne's `POST /subscribe/payments/again` takes of the texts the product sends (its V1 OpenAPI
 * schema, developers.portone.io `src/schema/v1.openapi.yml`): `name` is required and at most 40
 * characters, `buyer_name` at most 16, `merchant_uid` at most 40. The sandbox refuses what exceeds them,
 * and the product's payment adapter fits the names it sends within them.
 */
export const CHARGE_AGAIN_LIMITS = { name: 40, buyerName: 16, merchantUid: 40 } as const;

const graphemes = new Intl.Segmenter('ko', { granularity: 'grapheme' });

/**
 * A text cut to at most `max` characters, counted as UTF-16 units (a Hangul syllable is one, an emoji
 * two: the count a Java or JavaScript server makes, never fewer than the code points), never inside a
 * character as a reader sees it: composed (NFC) first, so that a syllable typed as separate jamo is one
 * character, then cut between grapheme clusters.
 */
export function fitText(text: string, max: number): string {
  const composed = text.normalize('NFC');
  if (composed.length <= max) return composed;
  let fitted = '';
  for (const { segment } of graphemes.segment(composed)) {
    if (fitted.length + segment.length > max) break;
    fitted += segment;
  }
  return fitted;
}
