import { z } from 'zod';

export const FAULT_SERVICES = [
  'authentication',
  'data-management',
  'oss',
  'model-derivative',
  'design-automation',
  'user-profile',
  'webhooks',
] as const;
export type FaultService = (typeof FAULT_SERVICES)[number];

/** How to write a rule as one flag value; printed by the CLI's usage and the admin endpoint's 400s. */
export const FAULT_FLAG_USAGE = `A fault rule is words and key=value pairs, in any order:
  [service] [METHOD] [/path/glob] [app=<client id>] <action...> [times=N] [share=0..1]
  service     ${FAULT_SERVICES.join(' | ')} | any (default any: every service)
  METHOD      GET, PUT, ... | any (default any)
  /path/glob  the request path as sent (percent-encoded): * is one segment or part of one, ** any depth (default /**)
  app=        only requests from this client id (read, unverified, from the bearer token or Basic credentials)
  actions, at least one:
    status=429|500|503|504|any 4xx or 5xx   answer this, in the service's own error body
    retryAfter=S                            with Retry-After: S seconds (a 429 sends 1 unless given)
    latencyMs=MS                            wait this long first, then answer or pass through
    cutAfterBytes=N                         pass through, but cut the connection after N bytes of the response body
  times=N     fire on the next N matching requests only; share=P  fire on each match with probability P
Example: oss PUT /oss/v2/buckets/*/objects/* status=503 times=2`;

const STATUS_WORDS = 'status must be a 4xx or 5xx code.';
const globChars = /^\/[\x21-\x7e]*$/;

export const faultRuleInputSchema = z
  .strictObject({
    service: z.enum([...FAULT_SERVICES, 'any']).default('any'),
    method: z
      .string()
      .regex(/^[A-Za-z]+$/, { error: 'method must be an HTTP method such as PUT, or any.' })
      .transform((method) => method.toUpperCase())
      .default('ANY'),
    path: z.string().regex(globChars, { error: 'path must start with / and hold no spaces.' }).default('/**'),
    app: z.string().min(1).optional(),
    status: z.int().min(400, { error: STATUS_WORDS }).max(599, { error: STATUS_WORDS }).optional(),
    retryAfter: z.int().min(0).optional(),
    latencyMs: z.int().min(0).max(600_000).optional(),
    cutAfterBytes: z.int().min(0).optional(),
    times: z.int().min(1).optional(),
    share: z.number().min(0).max(1).optional(),
  })
  .refine((rule) => rule.status !== undefined || rule.latencyMs !== undefined || rule.cutAfterBytes !== undefined, {
    error: 'A fault rule needs an action: status, latencyMs or cutAfterBytes.',
  })
  .refine((rule) => rule.status === undefined || rule.cutAfterBytes === undefined, {
    error: 'status and cutAfterBytes exclude each other: a cut passes the real answer through.',
  })
  .refine((rule) => rule.retryAfter === undefined || rule.status !== undefined, {
    error: 'retryAfter goes with a status.',
  });

/** A rule as given (JSON: seed file, programmatic start, admin endpoint); defaults not yet applied. */
export type FaultRuleInput = z.input<typeof faultRuleInputSchema>;
/** A valid rule, defaults applied. */
export type FaultRuleSpec = z.output<typeof faultRuleInputSchema>;
/** A rule the platform holds: its id and how often it fired. */
export type FaultRule = FaultRuleSpec & { id: string; fired: number };

export class FaultRuleError extends Error {}

/** Validates one rule in the JSON form, or throws a `FaultRuleError` whose message names each problem. */
export function parseFaultRule(value: unknown): FaultRuleSpec {
  const parsed = faultRuleInputSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw new FaultRuleError(`Invalid fault rule: ${problems.join('; ')}`);
}

const NUMBER_KEYS = new Set(['status', 'retryAfter', 'latencyMs', 'cutAfterBytes', 'times', 'share']);
const TEXT_KEYS = new Set(['service', 'method', 'path', 'app']);

/** Reads the flag form described in `FAULT_FLAG_USAGE`. */
export function parseFaultFlag(text: string): FaultRuleSpec {
  const rule: Record<string, unknown> = {};
  const put = (key: string, value: unknown) => {
    if (key in rule) throw new FaultRuleError(`Invalid fault rule: ${key} is given twice in "${text}".`);
    rule[key] = value;
  };
  for (const word of text.trim().split(/\s+/).filter(Boolean)) {
    const equals = word.indexOf('=');
    if (equals > 0) {
      const key = word.slice(0, equals);
      const value = word.slice(equals + 1);
      if (NUMBER_KEYS.has(key)) put(key, value === '' ? Number.NaN : Number(value));
      else if (TEXT_KEYS.has(key)) put(key, value);
      else throw new FaultRuleError(`Invalid fault rule: unknown key "${key}" in "${text}".\n${FAULT_FLAG_USAGE}`);
    } else if (word.startsWith('/')) put('path', word);
    else if ((FAULT_SERVICES as readonly string[]).includes(word)) put('service', word);
    else if (word === 'any') put('service' in rule ? 'method' : 'service', word);
    else if (/^[A-Z]+$/.test(word)) put('method', word);
    else throw new FaultRuleError(`Invalid fault rule: cannot read "${word}" in "${text}".\n${FAULT_FLAG_USAGE}`);
  }
  return parseFaultRule(rule);
}

/** A seed file's rules: a JSON array of rules, or `{ "faults": [...] }`. */
export function parseFaultSeed(json: string): FaultRuleSpec[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new FaultRuleError(`The fault seed is not JSON: ${(error as Error).message}`);
  }
  const list = Array.isArray(value) ? value : (value as { faults?: unknown } | null)?.faults;
  if (!Array.isArray(list))
    throw new FaultRuleError('The fault seed must be an array of rules or { "faults": [...] }.');
  return list.map((rule, index) => {
    try {
      return parseFaultRule(rule);
    } catch (error) {
      throw new FaultRuleError(`Fault ${index + 1} of the seed: ${(error as Error).message}`);
    }
  });
}
