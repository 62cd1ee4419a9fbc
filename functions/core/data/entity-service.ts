/** ElectroDB's service name: the prefix of every key the entities write. */
export const ENTITY_SERVICE = 'cutloom';

/**
 * An entity made on first use, then the same object for the container's life. Constructing an ElectroDB
 * entity validates its model against ElectroDB's JSON schema, about a millisecond of CPU each, so a
 * handler whose bundle holds entities it never reads must not pay for them at module initialisation
 * (issue 18, cold start; `npm run bench`).
 */
export function lazyEntity<E>(build: () => E): () => E {
  let entity: E | undefined;
  return () => {
    entity ??= build();
    return entity;
  };
}
