import type { MatchExplanation } from '../../../../contracts/webhooks';
import type { HookRecord } from '../../../storage/repos/wh-hooks';
import { compileFilter, FilterError, type PayloadFilter } from './filter';

/** What matching reads of an event (a `wh_events` row). */
export interface MatchableEvent {
  region: string;
  system: string;
  event: string;
  scopeKey: string;
  scopeValues: readonly string[];
  payload: unknown;
}

export type MatchableHook = Pick<
  HookRecord,
  'region' | 'system' | 'event' | 'scopeKey' | 'scopeValue' | 'status' | 'expiresAt' | 'filter'
>;

/** A hook's event pattern: `*` stands for one or more characters (`dm.*`, `*.added`, `dm.*.modified`). */
export function eventPatternMatches(pattern: string, event: string): boolean {
  if (!pattern.includes('*')) return pattern === event;
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${source}$`).test(event);
}

// Filters are compiled once per text: a dispatch pass reads the same few hooks for every event.
const compiled = new Map<string, PayloadFilter | FilterError>();
const MAX_COMPILED = 1_000;

function filterOf(filter: string | string[]): PayloadFilter | FilterError {
  const key = JSON.stringify(filter);
  let entry = compiled.get(key);
  if (!entry) {
    try {
      entry = compileFilter(filter);
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      entry = error;
    }
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    compiled.set(key, entry);
  }
  return entry;
}

const drop = (rule: MatchExplanation['rule'], reason: string): MatchExplanation => ({ matched: false, rule, reason });

/**
 * Whether a hook receives an event, and if not the first rule (digest §4.6, in its order) that
 * dropped it. The dispatcher and the "why did my hook not fire" answer both ask here, so the two
 * never disagree.
 */
export function explainMatch(hook: MatchableHook, event: MatchableEvent, now: Date): MatchExplanation {
  if (hook.region !== event.region)
    return drop('region', `The hook is in region ${hook.region}; the event happened in ${event.region}.`);
  if (hook.system !== event.system)
    return drop('system', `The hook listens to system ${hook.system}; the event is of system ${event.system}.`);
  if (!eventPatternMatches(hook.event, event.event))
    return drop('event', `The hook's event ${hook.event} does not match ${event.event}.`);
  if (hook.scopeKey !== event.scopeKey)
    return drop('scope', `The hook's scope is a ${hook.scopeKey}; the event is scoped by ${event.scopeKey}.`);
  if (!event.scopeValues.includes(hook.scopeValue)) {
    const where = event.scopeValues.length ? event.scopeValues.join(', ') : 'nothing';
    return drop('scope', `The hook's ${hook.scopeKey} ${hook.scopeValue} is not among the event's: ${where}.`);
  }
  if (hook.status !== 'active' && hook.status !== 'reactivated')
    return drop('status', `The hook is ${hook.status}: only active and reactivated hooks receive events.`);
  if (hook.expiresAt && hook.expiresAt.getTime() <= now.getTime())
    return drop('expired', `The hook expired at ${hook.expiresAt.toISOString()}.`);
  if (hook.filter !== null) {
    const filter = filterOf(hook.filter);
    if (filter instanceof FilterError) return drop('filter', filter.message);
    if (!filter(event.payload))
      return drop('filter', `The event's payload does not match the filter ${JSON.stringify(hook.filter)}.`);
  }
  return { matched: true, rule: 'matched', reason: 'The hook receives this event.' };
}

export const hookMatches = (hook: MatchableHook, event: MatchableEvent, now: Date): boolean =>
  explainMatch(hook, event, now).matched;
