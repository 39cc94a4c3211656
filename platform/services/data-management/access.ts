import type { Context } from 'hono';
import type { Clock } from '../../config';
import type { TokenCheck } from '../../http/auth';
import { jsonApiError } from '../../http/errors';
import { serviceGuard, type Guard, type GuardEnv } from '../../http/guard';
import { perWindow, type RateWindows } from '../../http/rate-limit';
import type { Actor } from '../../storage/repos/dm-folders';
import type { ProjectRecord } from '../../storage/repos/hubs';
import type { Stores } from '../../storage/stores';

export type DmEnv = GuardEnv;

/** The project of the path, if the caller may see it; else 404, so a stranger learns nothing of it. */
export async function projectOf(stores: Stores, c: Context<DmEnv>): Promise<ProjectRecord> {
  const found = await stores.hubs.visibleProject(c.get('principal'), c.req.param('projectId') ?? '');
  if (!found)
    throw jsonApiError(
      404,
      'NOT_FOUND',
      'Not found',
      `The project ${c.req.param('projectId')} does not exist, or you are not allowed to see it.`,
    );
  return found;
}

/** Who a change is recorded as: the signed-in user, or for a 2-legged call the app. */
export async function actorOf(stores: Stores, c: Context<DmEnv>): Promise<Actor> {
  const principal = c.get('principal');
  if (principal.kind === 'user')
    return { id: principal.userId, name: (await stores.users.findById(principal.userId))?.name ?? principal.userId };
  return { id: principal.clientId, name: (await stores.apps.find(principal.clientId))?.name ?? principal.clientId };
}

export type DmGuard = Guard;

/**
 * Token check, then Data Management's rate limit (spec part 8: 100 requests a minute per app),
 * one budget shared by every DM path.
 */
export const dmGuard = (
  tokens: TokenCheck,
  clock: Clock,
  perMinute: number,
  windowSeconds = 60,
  windows?: RateWindows,
): DmGuard =>
  serviceGuard(tokens, clock, {
    perMinute,
    windowSeconds,
    windows: { store: windows, name: 'data-management' },
    tooMany: (retryAfter) =>
      jsonApiError(
        429,
        'TOO_MANY_REQUESTS',
        'Too many requests',
        `Rate limit exceeded: at most ${perMinute} Data Management requests ${perWindow(windowSeconds)} per app. Retry after ${retryAfter} seconds.`,
      ),
  });
