import { pathParameterNames, type RouteDefinition, routePath } from './define-route.ts';

/**
 * Where two routes name the variable at one level of a path differently (`/x/{id}` beside `/x/{sid}`).
 * API Gateway keeps one variable per level of a path: it refuses the second route with 409
 * ConflictException, which rolls back the stack that creates it. Routes of one service share an API, and
 * the full path starts with the service, so comparing full paths is comparing within each API.
 */
export function conflictingPathVariables(routes: readonly RouteDefinition[]): string[] {
  const namesAt = new Map<string, { name: string; route: string }>();
  const conflicts: string[] = [];
  for (const route of routes) {
    let level = '';
    for (const segment of routePath(route).split('/').slice(1)) {
      const [name] = pathParameterNames(segment);
      const at = `${level}/`;
      level = `${at}${name === undefined ? segment : '{}'}`;
      if (name === undefined) continue;
      const known = namesAt.get(at);
      const where = `${route.method} ${routePath(route)}`;
      if (!known) namesAt.set(at, { name, route: where });
      else if (known.name !== name)
        conflicts.push(`${where} names {${name}} where ${known.route} names {${known.name}}`);
    }
  }
  return conflicts;
}
