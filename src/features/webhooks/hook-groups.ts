import type { HookDetails } from '../../../contracts/webhooks';

export interface EventGroup {
  event: string;
  hooks: HookDetails[];
}

export interface SystemGroup {
  system: string;
  events: EventGroup[];
}

/** The systems people meet first; others follow by name. */
const SYSTEM_ORDER = ['data', 'derivative'];
const systemRank = (system: string) => {
  const rank = SYSTEM_ORDER.indexOf(system);
  return rank === -1 ? SYSTEM_ORDER.length : rank;
};

export const SYSTEM_LABELS: Readonly<Record<string, string>> = {
  data: 'Data Management',
  derivative: 'Model Derivative',
};

export const systemLabel = (system: string) => SYSTEM_LABELS[system] ?? system;

/** Hooks by system, then by event, each level in a stable order; hooks newest first within an event. */
export function groupHooks(hooks: readonly HookDetails[]): SystemGroup[] {
  const systems = new Map<string, Map<string, HookDetails[]>>();
  for (const hook of hooks) {
    const events = systems.get(hook.system) ?? new Map<string, HookDetails[]>();
    systems.set(hook.system, events);
    events.set(hook.event, [...(events.get(hook.event) ?? []), hook]);
  }
  return [...systems]
    .sort(([a], [b]) => systemRank(a) - systemRank(b) || a.localeCompare(b))
    .map(([system, events]) => ({
      system,
      events: [...events]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([event, list]) => ({
          event,
          hooks: [...list].sort((a, b) => parseHookDate(b.createdDate) - parseHookDate(a.createdDate)),
        })),
    }));
}

/**
 * Hooks whose event, callback URL, status, scope, filter or folder name (when known) contain every
 * word of `text`, in any case.
 */
export function filterHooks(
  hooks: readonly HookDetails[],
  text: string,
  nameOf: (hook: HookDetails) => string | undefined = () => undefined,
): HookDetails[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...hooks];
  return hooks.filter((hook) => {
    const haystack = [
      hook.system,
      hook.event,
      hook.callbackUrl,
      hook.status,
      ...Object.values(hook.scope),
      ...[hook.filter ?? []].flat(),
      nameOf(hook) ?? '',
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** The service's `yyyy-MM-dd'T'HH:mm:ss.SSS+0000` (and plain ISO) as epoch milliseconds; NaN if unreadable. */
export function parseHookDate(value: string | undefined): number {
  if (!value) return Number.NaN;
  return Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
}
