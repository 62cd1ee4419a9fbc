/**
 * Readers of a page's query parameters, for the routes' `validateSearch`.
 *
 * Plain functions rather than schemas: `validateSearch` stays in the route tree that every page
 * loads (the router needs it before any route chunk), so a schema library here would ride in the
 * landing's JavaScript. The router keeps query values as text (router.ts); a value that is missing,
 * too long or not one of the allowed choices reads as absent (or as the reader's fallback), never
 * as an error: a mistyped link still opens its page.
 */

/** Reads one query value. */
export type SearchReader<T> = (value: unknown) => T;

/** Text up to `max` characters. */
export const searchText =
  (max: number): SearchReader<string | undefined> =>
  (value) =>
    typeof value === 'string' && value.length <= max ? value : undefined;

/** Text up to `max` characters, or `fallback` when absent or unusable. */
export const searchTextOr =
  (max: number, fallback: string): SearchReader<string> =>
  (value) =>
    searchText(max)(value) ?? fallback;

/** Text matching `pattern` (anchor it). */
export const searchMatching =
  (pattern: RegExp): SearchReader<string | undefined> =>
  (value) =>
    typeof value === 'string' && pattern.test(value) ? value : undefined;

/** One of `choices`. */
export const searchChoice =
  <const T extends string>(choices: readonly T[]): SearchReader<T | undefined> =>
  (value) =>
    choices.includes(value as T) ? (value as T) : undefined;

/** One of `choices`, or `fallback`. */
export const searchChoiceOr =
  <const T extends string>(choices: readonly T[], fallback: T): SearchReader<T> =>
  (value) =>
    searchChoice(choices)(value) ?? fallback;

/**
 * A flag (`?popup=1`, `?expired=true`): any non-empty text is on, as links write it; an empty value
 * is off. A link built in the app may pass the boolean itself.
 */
export const searchFlag: SearchReader<boolean | undefined> = (value) =>
  typeof value === 'boolean' ? value : typeof value === 'string' ? value !== '' : undefined;

type Readers = Record<string, SearchReader<unknown>>;
type OptionalKeys<S extends Readers> = {
  [K in keyof S]: undefined extends ReturnType<S[K]> ? K : never;
}[keyof S];

/** The query a set of readers gives: a reader that can answer undefined makes its key optional. */
export type SearchOf<S extends Readers> = {
  [K in Exclude<keyof S, OptionalKeys<S>>]: ReturnType<S[K]>;
} & {
  [K in OptionalKeys<S>]?: Exclude<ReturnType<S[K]>, undefined>;
};

/**
 * A route's `validateSearch`: each named parameter through its reader; absent ones are left out,
 * and parameters no reader names are dropped.
 */
export function searchParams<S extends Readers>(
  readers: S,
): (search: Record<string, unknown>) => SearchOf<S> {
  return (search) => {
    const values: Record<string, unknown> = {};
    for (const [name, read] of Object.entries(readers)) {
      const value = read(search[name]);
      if (value !== undefined) values[name] = value;
    }
    return values as SearchOf<S>;
  };
}
