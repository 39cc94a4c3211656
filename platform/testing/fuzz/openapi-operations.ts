import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';

/** A JSON Schema as the OpenAPI files write it, `$ref`s already resolved. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  format?: string;
  minimum?: number;
  maximum?: number;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

/** One method on one path, as an OpenAPI file declares it (or as a router serves it). */
export interface Operation {
  method: string;
  /** The path template with `{name}` parameters: `/oss/v2/buckets/{bucketKey}`. */
  path: string;
  parameters: Parameter[];
  /** Media type to schema, for the request body; empty when the operation takes none. */
  body: Record<string, Schema>;
  source: string;
}

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** The OpenAPI files that sit beside the repository (`../shared/aps-openapi` from its root), or where `APS_OPENAPI_DIR` says. */
export const OPENAPI_DIR =
  process.env['APS_OPENAPI_DIR'] ?? path.resolve(import.meta.dirname, '../../../../shared/aps-openapi');

/** Replaces every local `$ref` by what it points at; a reference back into itself ends as `{}`. */
function resolveRefs(root: Node, value: unknown, seen: readonly string[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveRefs(root, item, seen));
  if (!isNode(value)) return value;
  const ref = value['$ref'];
  if (typeof ref === 'string') {
    if (!ref.startsWith('#/') || seen.includes(ref)) return {};
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>(
        (node, key) => (isNode(node) ? node[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined),
        root,
      );
    return resolveRefs(root, target ?? {}, [...seen, ref]);
  }
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, resolveRefs(root, child, seen)]));
}

function parametersOf(list: unknown): Parameter[] {
  if (!Array.isArray(list)) return [];
  return list
    .filter(isNode)
    .filter((p) => typeof p['name'] === 'string' && typeof p['in'] === 'string')
    .map((p) => ({
      name: p['name'] as string,
      in: p['in'] as Parameter['in'],
      required: p['required'] === true,
      schema: isNode(p['schema']) ? (p['schema'] as Schema) : {},
    }));
}

/** Every operation of one OpenAPI document, path-level parameters merged into each. */
export function operationsOf(document: Node, source: string): Operation[] {
  const resolved = resolveRefs(document, document) as Node;
  const paths = isNode(resolved['paths']) ? resolved['paths'] : {};
  const operations: Operation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    const shared = parametersOf(item['parameters']);
    for (const method of METHODS) {
      const operation = item[method];
      if (!isNode(operation)) continue;
      const own = parametersOf(operation['parameters']);
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own];
      const content =
        isNode(operation['requestBody']) && isNode(operation['requestBody']['content'])
          ? operation['requestBody']['content']
          : {};
      const body = Object.fromEntries(
        Object.entries(content).map(([type, media]) => [
          type,
          (isNode(media) && isNode(media['schema']) ? media['schema'] : {}) as Schema,
        ]),
      );
      operations.push({ method: method.toUpperCase(), path: template, parameters, body, source });
    }
  }
  return operations;
}

/** Every operation of every YAML file under `dir`, or undefined when the folder is absent. */
export function loadOperations(dir = OPENAPI_DIR): Operation[] | undefined {
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.ya?ml$/.test(file))
    .sort();
  return files.flatMap((file) => {
    const document = load(readFileSync(path.join(dir, file), 'utf8'));
    return isNode(document) ? operationsOf(document, file) : [];
  });
}
