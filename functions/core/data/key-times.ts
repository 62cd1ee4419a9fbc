/**
 * ElectroDB writes a number of a sort key as its decimal text, unpadded, so such keys order as text:
 * epoch-ms times order right only while they have the same 13 digits (from 2001-09-09 to 2286). Every
 * time the product stores lies there; a bound asked outside that span is brought into it, so a range
 * query finds the same items and DynamoDB is never handed a lower bound that sorts above the upper
 * (it refuses such a BETWEEN outright: `[2, 10)` is `"2"` to `"10"`).
 */
const EARLIEST_KEY_TIME = 1e12;
const LATEST_KEY_TIME = 1e13 - 1;

export function keyTime(ms: number): number {
  return Math.min(Math.max(ms, EARLIEST_KEY_TIME), LATEST_KEY_TIME);
}
