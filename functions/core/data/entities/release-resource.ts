import { Entity, type EntityItem } from 'electrodb';
import { ENTITY_SERVICE, lazyEntity } from '../entity-service.ts';

/**
 * The generic release store (admin-console.md section 7, "Survey release get and put use a generic
 * data layer"): a JSON document released to the apps under a resource name and an id, e.g. resource
 * `cutloomSurvey`, id `onboarding_ko`. Replaced whole on release.
 */
export const ReleaseResource = lazyEntity(
  () =>
    new Entity({
      model: { entity: 'releaseResource', version: '1', service: ENTITY_SERVICE },
      attributes: {
        resource: { type: 'string', required: true, readOnly: true },
        resourceId: { type: 'string', required: true, readOnly: true },
        /** The document as JSON text (kept as text so any shape round-trips unchanged). */
        data: { type: 'string', required: true },
        releasedAt: { type: 'number', required: true },
        releasedBy: { type: 'string', required: true },
      },
      indexes: {
        byId: {
          pk: { field: 'pk', composite: ['resource', 'resourceId'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    }),
);
export type ReleaseResourceItem = EntityItem<ReturnType<typeof ReleaseResource>>;
