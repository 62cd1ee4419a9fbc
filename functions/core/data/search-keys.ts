/**
 * The keys of the console's searches (accounts by name and e-mail, payments by payer): indexes sort on
 * these normalised forms, and a query's text is normalised the same way before it is compared.
 */

/**
 * The key a name search compares: compatibility-normalised (full-width letters become ASCII),
 * lower-cased, inner spaces collapsed. ElectroDB lower-cases keys too, so this is also the form a
 * prefix must take.
 */
export function nameSearchKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().trim().replace(/\s+/g, ' ');
}

/** The partition of a search key: its first character (a whole code point). */
export function searchShard(key: string): string {
  return [...key][0] ?? '';
}
