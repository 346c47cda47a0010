import type { FastifyInstance } from 'fastify';

/**
 * What the security suites know about the server's routes: the list of registered routes
 * (read from Fastify itself, so a route added tomorrow is in it) and the OpenAPI document
 * that describes their parameters and bodies.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RegisteredRoute {
  method: Method;
  /** Fastify's form: `/api/v1/events/manage/:id`. */
  url: string;
}

const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every registered method + URL, parsed from `app.printRoutes({ commonPrefix: false })`
 * (a tree whose lines read `├── /segment (GET, HEAD)`). HEAD and OPTIONS are left out:
 * Fastify answers HEAD with the GET handler.
 */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RegisteredRoute[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) {
      if (line.trim()) throw new Error(`cannot read this line of printRoutes():\n${line}`);
      continue;
    }
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    const url = stack.join('');
    for (const method of match[3].split(',').map((m) => m.trim())) {
      if (METHODS.has(method)) routes.push({ method: method as Method, url });
    }
  }
  if (routes.length === 0) throw new Error(`no routes read from printRoutes():\n${tree}`);
  return routes;
}

/** `/api/v1/events/{slug}` → `/api/v1/events/:slug`. */
export const fromOpenApiPath = (path: string): string => path.replace(/\{([^}]+)\}/g, ':$1');

export const routeKey = (r: { method: string; url: string }): string => `${r.method} ${r.url}`;

export const pathParams = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);

// OpenAPI ------------------------------------------------------------------------------------

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
}

export interface Operation {
  method: Method;
  /** Fastify form (`:param`). */
  url: string;
  parameters: {
    in: 'path' | 'query' | 'header';
    name: string;
    required?: boolean;
    schema: JsonSchema;
  }[];
  /** The JSON body schema, if the operation takes JSON. */
  jsonBody: JsonSchema | undefined;
  multipart: boolean;
  security: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
      }
    >
  >;
}

export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/docs/json answered ${res.statusCode}`);
  const doc = res.json<OpenApiDoc>();
  const operations: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!METHODS.has(method.toUpperCase())) continue;
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase() as Method,
        url: fromOpenApiPath(path),
        parameters: op.parameters ?? [],
        jsonBody: content['application/json']?.schema,
        multipart: 'multipart/form-data' in content,
        security: Boolean(op.security?.length),
      });
    }
  }
  return operations;
}

// Valid values from a schema ------------------------------------------------------------------

/** Real ids and values a generated request may use, looked up by field or parameter name. */
export type Known = Record<string, unknown>;

const FUTURE = new Date(Date.now() + 60 * 86_400_000);
FUTURE.setUTCHours(18, 0, 0, 0);

/** Candidates for a string with a pattern we cannot invert: the first that matches wins. */
const PATTERN_CANDIDATES = [
  '123456',
  '12345678',
  '2026-12-05',
  FUTURE.toISOString().slice(0, 10),
  FUTURE.toISOString(),
  'MATRIX10',
  'matrix-value',
  'abc',
  '0',
  'a',
];

function stringFor(schema: JsonSchema, name: string, known: Known): string {
  const fromKnown = known[name];
  if (typeof fromKnown === 'string') return fromKnown;
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  const lower = name.toLowerCase();
  let value: string;
  if (schema.format === 'email' || lower.includes('email')) value = 'matrix@example.com';
  else if (lower.includes('phone')) value = '08031234567';
  else if (schema.format === 'date-time' || /(at|date|from|to|until)$/i.test(name))
    value = FUTURE.toISOString();
  else if (schema.format === 'date') value = FUTURE.toISOString().slice(0, 10);
  else if (schema.format === 'uri' || lower.includes('url')) value = 'https://example.com/';
  else if (lower.includes('password')) value = 'a long enough password';
  else if (lower === 'code') value = 'MATRIX10';
  else value = 'Matrix value';
  if (schema.pattern) {
    const re = new RegExp(schema.pattern);
    if (!re.test(value)) value = PATTERN_CANDIDATES.find((c) => re.test(c)) ?? value;
  }
  if (schema.minLength !== undefined && value.length < schema.minLength)
    value = value.padEnd(schema.minLength, 'x');
  if (schema.maxLength !== undefined && value.length > schema.maxLength)
    value = value.slice(0, schema.maxLength);
  return value;
}

function numberFor(schema: JsonSchema, name: string, known: Known): number {
  const fromKnown = known[name];
  if (typeof fromKnown === 'number') return fromKnown;
  let value = 1;
  if (schema.minimum !== undefined) value = Math.max(value, schema.minimum);
  if (schema.exclusiveMinimum !== undefined) value = Math.max(value, schema.exclusiveMinimum + 1);
  if (schema.maximum !== undefined) value = Math.min(value, schema.maximum);
  return value;
}

/**
 * A value that passes `schema`: required properties only (or the first one when none is
 * required, so a partial update changes something), ids and codes taken from `known` by name.
 */
export function validValue(schema: JsonSchema | undefined, name = '', known: Known = {}): unknown {
  if (!schema) return undefined;
  if (name && known[name] !== undefined && !schema.properties) return known[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const concrete = alternatives.find((s) => s.type !== 'null') ?? alternatives[0];
    return validValue(concrete, name, known);
  }
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), name, known);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringFor(schema, name, known);
    case 'integer':
    case 'number':
      return numberFor(schema, name, known);
    case 'boolean':
      return typeof known[name] === 'boolean' ? known[name] : false;
    case 'array': {
      const fromKnown = known[name];
      if (Array.isArray(fromKnown)) return fromKnown;
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, () => validValue(schema.items, singular(name), known));
    }
    case 'object':
    case undefined: {
      if (!schema.properties) return type === 'object' ? {} : undefined;
      const keys = schema.required?.length
        ? schema.required
        : Object.keys(schema.properties).slice(0, 1);
      return Object.fromEntries(
        keys.map((key) => [key, validValue(schema.properties![key], key, known)]),
      );
    }
    default:
      return undefined;
  }
}

const singular = (name: string) => name.replace(/s$/, '');
