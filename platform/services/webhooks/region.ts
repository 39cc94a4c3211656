import type { Context } from 'hono';
import { WEBHOOK_REGIONS, type WebhookRegion } from '../../../contracts/webhooks';
import { webhooksError } from '../../http/errors';

const DEFAULT_REGION: WebhookRegion = 'US';

/**
 * The region a request works in: the `x-ads-region` header, else the `region` query, else US. The
 * header wins, as the published parameters say; either names one of the documented regions (any case).
 */
export function regionOf(c: Context): WebhookRegion {
  const header = c.req.header('x-ads-region');
  const given = header !== undefined && header !== '' ? header : c.req.query('region');
  if (given === undefined || given === '') return DEFAULT_REGION;
  const region = WEBHOOK_REGIONS.find((known) => known === given.toUpperCase());
  if (!region)
    throw webhooksError(
      400,
      'BAD_INPUT',
      `Unknown region "${given.slice(0, 40)}": use one of ${WEBHOOK_REGIONS.join(', ')}.`,
    );
  return region;
}
