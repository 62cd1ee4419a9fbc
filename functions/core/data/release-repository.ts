import { nowMs } from '../clock.ts';
import { tableService } from './client.ts';
import { ReleaseResource } from './entities/release-resource.ts';

const db = tableService({ releaseResource: ReleaseResource });

/** A released document: its JSON, when and by whom it was released. */
export interface Released<T> {
  data: T;
  releasedAt: number;
  releasedBy: string;
}

/** The document released under a resource and id, parsed; undefined when none was released. */
export async function getReleased(
  resource: string,
  resourceId: string,
): Promise<Released<unknown> | undefined> {
  const { data } = await db().entities.releaseResource.get({ resource, resourceId }).go();
  return data
    ? { data: JSON.parse(data.data) as unknown, releasedAt: data.releasedAt, releasedBy: data.releasedBy }
    : undefined;
}

/** Releases a document, replacing the one released before under the same resource and id. */
export async function putReleased(resource: string, resourceId: string, data: unknown, releasedBy: string) {
  await db()
    .entities.releaseResource.put({
      resource,
      resourceId,
      data: JSON.stringify(data),
      releasedAt: nowMs(),
      releasedBy,
    })
    .go();
}
