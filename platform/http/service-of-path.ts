import type { InspectedService } from '../../contracts/request-inspector';

const PREFIXES: ReadonlyArray<[RegExp, InspectedService]> = [
  [/^\/(?:authentication\/|userinfo(?:$|\/)|\.well-known\/)/, 'authentication'],
  [/^\/(?:project|data)\//, 'data-management'],
  [/^\/oss\//, 'oss'],
  [/^\/modelderivative\//, 'model-derivative'],
  [/^\/da\//, 'design-automation'],
  [/^\/userprofile\//, 'user-profile'],
  [/^\/webhooks\//, 'webhooks'],
  [/^\/(?:_platform\/|health$|ready$)/, 'platform'],
];

/** The service that owns a path, by the prefixes `createApp` mounts them at; `platform` for its own endpoints. */
export function serviceOfPath(path: string): InspectedService {
  return PREFIXES.find(([prefix]) => prefix.test(path))?.[1] ?? 'other';
}
