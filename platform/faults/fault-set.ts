import { serviceOfPath as serviceOfRequestPath } from '../http/service-of-path';
import { parseFaultRule, type FaultRule, type FaultRuleSpec, type FaultService } from './rules';

/** What the rules see of a request. `app`: the client id it claims, if any. */
export interface FaultRequest {
  method: string;
  path: string;
  app: string | undefined;
}

/** What the fired rules ask of one request: a wait, then an answer of their own, a cut, or neither. */
export interface FaultDecision {
  ruleIds: string[];
  latencyMs: number;
  status?: { code: number; retryAfter: number | undefined; ruleId: string };
  cutAfterBytes?: number;
}

/** The API service that owns a path; none for the platform's own endpoints and paths no service owns. */
export function serviceOfPath(path: string): FaultService | undefined {
  const service = serviceOfRequestPath(path);
  return service === 'platform' || service === 'other' ? undefined : service;
}

// A glob as a pattern: a star is one segment or part of one; two stars are any depth, none included,
// so "/a/<two stars>/b" matches /a/b as well as /a/x/y/b.
export function globPattern(glob: string): RegExp {
  const parts = glob.split(/(\*\*\/?|\*)/).map((part) => {
    if (part === '**/') return '(?:.*/)?';
    if (part === '**') return '.*';
    if (part === '*') return '[^/]*';
    return part.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${parts.join('')}$`);
}

/**
 * The fault rules of one platform instance, in memory, in the order they were added. Off while empty.
 * `random` decides a rule's `share`; tests pass their own sequence.
 */
export class FaultSet {
  readonly #rules: { rule: FaultRule; path: RegExp }[] = [];
  readonly #random: () => number;
  #lastId = 0;

  constructor(rules: readonly unknown[] = [], options: { random?: () => number } = {}) {
    this.#random = options.random ?? Math.random;
    for (const rule of rules) this.add(rule);
  }

  get size() {
    return this.#rules.length;
  }

  /** Validates (throwing `FaultRuleError`) and adds a rule in the JSON form or as parsed. */
  add(input: unknown): FaultRule {
    const spec: FaultRuleSpec = parseFaultRule(input);
    const rule: FaultRule = { ...spec, id: `fault-${++this.#lastId}`, fired: 0 };
    this.#rules.push({ rule, path: globPattern(rule.path) });
    return { ...rule };
  }

  list(): FaultRule[] {
    return this.#rules.map(({ rule }) => ({ ...rule }));
  }

  find(id: string): FaultRule | undefined {
    const found = this.#rules.find(({ rule }) => rule.id === id);
    return found && { ...found.rule };
  }

  remove(id: string): boolean {
    const index = this.#rules.findIndex(({ rule }) => rule.id === id);
    if (index >= 0) this.#rules.splice(index, 1);
    return index >= 0;
  }

  clear() {
    this.#rules.length = 0;
  }

  /**
   * Decides, and counts, which rules fire for a request. Latencies of all fired rules add up; the first
   * rule that answers or cuts wins, and a later one is not asked, so its `times` are not spent on a
   * request it could not have changed. Decided at once, so concurrent requests never share a `times`.
   */
  take(request: FaultRequest): FaultDecision | undefined {
    if (!this.#rules.length) return undefined;
    const service = serviceOfPath(request.path);
    const decision: FaultDecision = { ruleIds: [], latencyMs: 0 };
    for (const { rule, path } of this.#rules) {
      const acts = rule.status !== undefined || rule.cutAfterBytes !== undefined;
      if (acts && (decision.status || decision.cutAfterBytes !== undefined)) continue;
      if (!matches(rule, path, service, request)) continue;
      if (rule.times !== undefined && rule.fired >= rule.times) continue;
      if (rule.share !== undefined && !(this.#random() < rule.share)) continue;
      rule.fired += 1;
      decision.ruleIds.push(rule.id);
      decision.latencyMs += rule.latencyMs ?? 0;
      if (rule.status !== undefined)
        decision.status = { code: rule.status, retryAfter: rule.retryAfter, ruleId: rule.id };
      if (rule.cutAfterBytes !== undefined) decision.cutAfterBytes = rule.cutAfterBytes;
    }
    return decision.ruleIds.length ? decision : undefined;
  }
}

function matches(rule: FaultRule, path: RegExp, service: FaultService | undefined, request: FaultRequest) {
  if (rule.service !== 'any' && rule.service !== service) return false;
  if (rule.method !== 'ANY' && rule.method !== request.method.toUpperCase()) return false;
  if (rule.app !== undefined && rule.app !== request.app) return false;
  return path.test(request.path);
}
