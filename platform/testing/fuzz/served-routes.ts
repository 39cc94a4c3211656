import type { Operation } from './openapi-operations';

interface RouterRoute {
  method: string;
  path: string;
}

/** Hono's `/:name` and `/:name{regex}` as an OpenAPI template: `/{name}`. */
const templateOf = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
/** Two templates name the same route when they differ only in their parameters' names. */
const shapeOf = (method: string, template: string) => `${method} ${template.replace(/\{[^}]+\}/g, '{}')}`;

/**
 * The routes the app serves that no OpenAPI operation declares (browser pages, signed URLs, legacy
 * paths), read from the router itself so that a route added later is fuzzed too. Middleware (`ALL`
 * on a wildcard) is left out; Hono answers HEAD with a GET route, so HEAD is not listed twice.
 */
export function undeclaredRoutes(routes: readonly RouterRoute[], declared: readonly Operation[]): Operation[] {
  const known = new Set(declared.map((operation) => shapeOf(operation.method, operation.path)));
  const seen = new Set<string>();
  const extra: Operation[] = [];
  for (const route of routes) {
    if (route.path.includes('*')) continue;
    const template = templateOf(route.path);
    const methods = route.method === 'ALL' ? ['GET', 'POST'] : [route.method];
    for (const method of methods) {
      const shape = shapeOf(method, template);
      if (known.has(shape) || seen.has(shape)) continue;
      seen.add(shape);
      const names = [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
      extra.push({
        method,
        path: template,
        parameters: names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        body: {},
        source: 'router',
      });
    }
  }
  return extra;
}

/** The path parameters a real URL gives a template, or undefined when it does not match. */
export function matchTemplate(template: string, pathname: string): Record<string, string> | undefined {
  const names: string[] = [];
  const pattern = template
    .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
    .replace(/\\?\{([^}]+)\\?\}/g, (_match, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
  const found = new RegExp(`^${pattern}$`).exec(pathname);
  if (!found) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(found[index + 1]!)]));
}
