import * as z from 'zod';
import {
  pathParameterNames,
  type RouteDefinition,
  routePath,
  usesQueryString,
} from '../../shared/api/define-route.ts';
import { ROUTES } from '../../shared/api/routes.ts';
import { PRODUCT_NAME } from '../../shared/product.ts';
import { isStaffWrite } from '../../shared/staff/staff-roles.ts';

type JsonSchema = { properties?: Record<string, object>; required?: string[]; [key: string]: unknown };

function schemaOf(type: z.core.$ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(type, {
    io,
    target: 'draft-2020-12',
    unrepresentable: 'any',
  }) as JsonSchema;
  return schema;
}

function operation(route: RouteDefinition) {
  const input = schemaOf(route.request, 'input');
  const pathNames = pathParameterNames(route.path);
  const properties = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const parameters = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  const rest = Object.keys(properties).filter((name) => !pathNames.includes(name));
  let requestBody: unknown;
  if (usesQueryString(route.method)) {
    for (const name of rest)
      parameters.push({ name, in: 'query', required: required.has(name), schema: properties[name] ?? {} });
  } else {
    const bodySchema: JsonSchema = {
      ...input,
      properties: Object.fromEntries(rest.map((name) => [name, properties[name] ?? {}])),
    };
    const bodyRequired = [...required].filter((name) => !pathNames.includes(name));
    if (bodyRequired.length) bodySchema.required = bodyRequired;
    else delete bodySchema.required;
    requestBody = { required: true, content: { 'application/json': { schema: bodySchema } } };
  }
  const errorResponse = {
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
  return {
    operationId: route.name,
    summary: route.summary,
    tags: [route.service],
    'x-caller-kind': route.caller,
    // The staff role an admin operation needs (shared/staff/staff-roles.ts), and whether a call is audited.
    ...(route.role ? { 'x-role': route.role, 'x-audited': isStaffWrite(route) } : {}),
    ...(route.caller === 'user' || route.caller === 'admin' ? { security: [{ bearer: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: {
      '200': {
        description: 'Success',
        content: { 'application/json': { schema: schemaOf(route.response, 'output') } },
      },
      default: { description: 'An error of the catalogue (shared/errors/catalogue.ts)', ...errorResponse },
    },
  };
}

/** The OpenAPI 3.1 document of the route table. */
export function buildOpenApi(routes: readonly RouteDefinition[] = ROUTES) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = routePath(route);
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: `${PRODUCT_NAME} API`, version: '1' },
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        ErrorBody: {
          type: 'object',
          required: ['error'],
          properties: {
            error: {
              type: 'object',
              required: ['code', 'msg'],
              properties: { code: { type: 'string' }, msg: { type: 'string' } },
              additionalProperties: true,
            },
          },
        },
      },
    },
  };
}
