import { randomUUID } from 'node:crypto';
import type { Clock } from '../../../clock';
import type { PlatformConfig } from '../../../config';
import type { Stores } from '../../../storage/stores';
import { attemptDelivery, type DelivererDeps } from './deliverer';
import { dispatchWaiting, earliest, keepHooks } from './dispatcher';
import { CLOUD_RETRY_DELAYS_SECONDS, DEFAULT_TIMEOUT_MS, REACTIVATE_AFTER_SECONDS } from './retry-schedule';

export interface WebhookEngineDeps {
  stores: Pick<Stores, 'webhookDeliveries' | 'webhookEvents'>;
  clock: Clock;
  /** `webhooks` (retry delays, timeout) and `automation.allowHosts` (the callback hosts). */
  config: Pick<PlatformConfig, 'webhooks' | 'automation'>;
  logger: { error(message: string, error?: unknown): void };
}

export interface WebhookEngineOptions {
  /** The lease holder id; a fresh one unless given. */
  holder?: string;
  /** How long a claimed delivery stays this engine's; longer than any attempt (30 s). */
  leaseSeconds?: number;
  /** How often to look for events other processes committed, in ms (250); 0: never. */
  pollMs?: number;
  /** Attempts under way at once (8): a slow receiver holds one place, not the queue. */
  concurrency?: number;
  /**
   * How long a commit or an ended attempt waits for others before the pass they ask for (25 ms): at
   * 100 events a second one pass then serves several, and the database, which on the embedded one
   * runs on the serving thread, does a fraction of the reads.
   */
  gatherMs?: number;
  /** Take back every lease at start: on the embedded database whoever held them is gone (the default there). */
  steal?: boolean;
  reactivateAfterSeconds?: number;
  /** The global fetch unless a test passes its own. */
  fetch?: typeof fetch;
}

export interface WebhookEngine {
  start(): Promise<void>;
  /** Stops taking work, waits for the attempts under way (they record their outcome) and releases their leases. */
  stop(): Promise<void>;
  /** One pass (housekeeping, dispatch, due deliveries), repeated while it finds work, waiting for every attempt: for tests that step the clock. */
  runDue(): Promise<void>;
  /** Asks for a pass soon (a delivery made by hand, an event committed). */
  wake(): void;
}

const HOOKS_LOOK_MS = 60_000;
/** No timer of Node's may wait longer (about 24.8 days); a longer wait is taken in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The delivery engine of one process: woken when this process commits events, by a poll (events
 * other instances committed) and by a timer set for the next due attempt or hook change, all read
 * from the injected clock. Every instance on a shared server runs one; leases make each attempt
 * happen once, and a restart takes up whatever is pending.
 */
export function createWebhookEngine(deps: WebhookEngineDeps, options: WebhookEngineOptions = {}): WebhookEngine {
  const deliveries = deps.stores.webhookDeliveries;
  const { clock, logger } = deps;
  const holder = options.holder ?? randomUUID();
  const timeoutMs = deps.config.webhooks?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const leaseMs = Math.max((options.leaseSeconds ?? 30) * 1000, timeoutMs * 2);
  const concurrency = options.concurrency ?? 8;
  const reactivateAfter = options.reactivateAfterSeconds ?? REACTIVATE_AFTER_SECONDS;
  const deliverer: DelivererDeps = {
    deliveries,
    clock,
    holder,
    retryDelaysSeconds: deps.config.webhooks?.retryDelaysSeconds ?? CLOUD_RETRY_DELAYS_SECONDS,
    send: {
      timeoutMs,
      allowHosts: deps.config.automation?.allowHosts ?? [],
      ...(options.fetch ? { fetch: options.fetch } : {}),
    },
  };
  const inFlight = new Map<string, Promise<void>>();
  let running = false;
  let passing: Promise<number> | undefined;
  let again = false;
  // When the hooks next need the housekeeper (an expiry, a reactivation), and when it last looked:
  // hooks other requests change are seen within a minute, or at their next event.
  let hooksDue: Date | null = null;
  let hooksLooked = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let gathering: NodeJS.Timeout | undefined;
  const gatherMs = options.gatherMs ?? 25;
  let poll: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;

  const attempt = (claimed: Awaited<ReturnType<typeof deliveries.claimDue>>[number]) => {
    const done = attemptDelivery(deliverer, claimed)
      .catch((error: unknown) => logger.error(`webhook delivery ${claimed.id} could not be recorded`, error))
      .finally(() => {
        inFlight.delete(claimed.id);
        if (running) soon();
      });
    inFlight.set(claimed.id, done);
  };

  /** One pass; how much work it found (events dispatched, deliveries started). */
  async function pass(): Promise<number> {
    const now = clock.now();
    if ((hooksDue && hooksDue <= now) || now.getTime() - hooksLooked >= HOOKS_LOOK_MS) {
      hooksDue = await keepHooks({ deliveries, clock }, reactivateAfter);
      hooksLooked = now.getTime();
    }
    let work = (await deliveries.anyWaiting()) ? await dispatchWaiting({ deliveries, clock }) : 0;
    const free = concurrency - inFlight.size;
    let due = await deliveries.nextDue();
    if (free > 0 && due && due <= clock.now()) {
      const at = clock.now();
      const claimed = await deliveries.claimDue(holder, new Date(at.getTime() + leaseMs), at, free);
      for (const one of claimed) attempt(one);
      work += claimed.length;
      due = await deliveries.nextDue();
    }
    // With every place taken, the next attempt to end wakes the engine: no timer for what is due.
    const full = inFlight.size >= concurrency;
    if (running) schedule(earliest(hooksDue, full && due && due <= clock.now() ? null : due));
    return work;
  }

  function schedule(at: Date | null) {
    clearTimeout(timer);
    timer = undefined;
    if (!at) return;
    // At least a few ms: a due delivery another instance holds must not spin this one.
    const wait = Math.min(Math.max(at.getTime() - clock.now().getTime(), 50), MAX_TIMER_MS);
    timer = setTimeout(wake, wait);
    timer.unref();
  }

  async function passAgainWhileWoken(): Promise<number> {
    let work = 0;
    do {
      again = false;
      work += await pass();
    } while (again && running);
    return work;
  }

  /** A pass shortly, shared with whatever else asks for one meanwhile. */
  function soon() {
    if (gathering || !running) return;
    gathering = setTimeout(() => {
      gathering = undefined;
      wake();
    }, gatherMs);
    gathering.unref();
  }

  function wake() {
    if (passing) {
      again = true;
      return;
    }
    passing = passAgainWhileWoken()
      .catch((error: unknown) => {
        logger.error('webhook delivery pass failed', error);
        return 0;
      })
      .finally(() => (passing = undefined));
  }

  return {
    async start() {
      if (running) return;
      if (options.steal ?? deliveries.db.kind === 'pglite') await deliveries.releaseAll();
      running = true;
      unsubscribe = deps.stores.webhookEvents.onCommitted(soon);
      const pollMs = options.pollMs ?? 250;
      if (pollMs > 0) {
        poll = setInterval(wake, pollMs);
        poll.unref();
      }
      wake();
    },
    async stop() {
      running = false;
      unsubscribe?.();
      clearInterval(poll);
      clearTimeout(timer);
      clearTimeout(gathering);
      gathering = undefined;
      await passing;
      // Each attempt under way records its outcome, which releases its lease.
      await Promise.allSettled(inFlight.values());
    },
    async runDue() {
      for (let rounds = 0; rounds < 1_000; rounds++) {
        await passing;
        const work = await pass();
        await Promise.allSettled(inFlight.values());
        if (work === 0) return;
      }
    },
    wake() {
      if (running) wake();
    },
  };
}
