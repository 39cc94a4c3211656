import type { DaBackendLimits, DaServiceLimit } from '../../../contracts/design-automation';
import type { EngineDescription } from '../../automation/engine-types';
import { designAutomationError } from '../../http/errors';
import type { DaAppRecord } from '../../storage/repos/da-apps';
import { field, isObject, objectBody, PAYLOAD_LIMIT_BYTES } from './body';
import { engineProduct, type DaContext } from './context';
import { ITEM_LIMITS } from './items';
import { APPBUNDLE_MAX_BYTES } from './upload-form';

/** Public aliases (`receiver: everyone`): the real service allows none by default; this platform does. */
export const PUBLIC_ALIASES_LIMIT = ITEM_LIMITS.aliases;
// The real service's limit on an activity's extracted appbundles: 5000 MB for Revit and 3ds Max, else 500.
const appsSizeMb = (product: string) => (product === 'Revit' || product === '3dsMax' ? 5000 : 500);

/** The longest an engine of this product may run, in seconds. */
function engineLimits(engines: readonly EngineDescription[]): Map<string, number> {
  const limits = new Map<string, number>();
  for (const engine of engines) {
    const product = engineProduct(engine.id);
    limits.set(product, Math.max(limits.get(product) ?? 0, engine.limitProcessingTimeSec));
  }
  return limits;
}

/** The processing-time limit a workitem on `engineId` gets: the engine's, or lower as the app set it. */
export function processingLimit(engine: EngineDescription, app: DaAppRecord | undefined): number {
  const own = app?.limits.processingTimeSec?.[engineProduct(engine.id)];
  return own !== undefined ? Math.min(own, engine.limitProcessingTimeSec) : engine.limitProcessingTimeSec;
}

export function serviceLimits(
  engines: readonly EngineDescription[],
  limits: DaAppRecord['limits'] | undefined,
): DaServiceLimit {
  const backendLimits: Record<string, DaBackendLimits> = {};
  for (const [product, max] of engineLimits(engines)) {
    const own = limits?.processingTimeSec?.[product];
    backendLimits[product] = {
      limitProcessingTimeSec: own !== undefined ? Math.min(own, max) : max,
      limitTotalUncompressedAppsSizeInMB: appsSizeMb(product),
    };
  }
  return {
    frontendLimits: {
      limitPayloadSizeInKB: PAYLOAD_LIMIT_BYTES / 1024,
      limitVersions: ITEM_LIMITS.versions,
      limitAliases: ITEM_LIMITS.aliases,
      limitPublicAliases: PUBLIC_ALIASES_LIMIT,
      limitAppUploadSizeInMB: APPBUNDLE_MAX_BYTES / (1024 * 1024),
    },
    backendLimits,
  };
}

const refuse = (field: string, message: string) => designAutomationError(400, { [field]: [message] });

/**
 * `PUT /servicelimits/me`: only `backendLimits[product].limitProcessingTimeSec` may be set, at most
 * the engine's own. The monthly processing time is not metered here, so setting it is refused.
 */
export async function updateServiceLimits(da: DaContext, clientId: string, raw: unknown): Promise<unknown> {
  const body = objectBody(raw);
  const frontend = field(body, 'frontendLimits');
  if (frontend !== undefined && frontend !== null) {
    throw refuse(
      'frontendLimits',
      'This platform does not meter monthly processing time, and the other front-end limits are fixed: none can be set.',
    );
  }
  const backend = field(body, 'backendLimits');
  if (!isObject(backend))
    throw refuse(
      'backendLimits',
      'backendLimits must be an object of engine products, e.g. {"WebIfc": {"limitProcessingTimeSec": 60}}.',
    );
  const maxima = engineLimits(da.engines);
  const limits: Record<string, number> = {};
  for (const [product, value] of Object.entries(backend)) {
    const max = maxima.get(product);
    if (max === undefined)
      throw refuse(
        'backendLimits',
        `'${product.slice(0, 64)}' is not an engine product: GET /servicelimits/me lists them.`,
      );
    const keys = isObject(value) ? Object.keys(value) : [];
    const seconds = isObject(value) ? field(value, 'limitProcessingTimeSec') : undefined;
    if (
      keys.length !== 1 ||
      typeof seconds !== 'number' ||
      !Number.isInteger(seconds) ||
      seconds < 1 ||
      seconds > max
    ) {
      throw refuse(
        `backendLimits.${product}`,
        `Only limitProcessingTimeSec may be set, a whole number of seconds from 1 to ${max} (the engine's limit).`,
      );
    }
    limits[product] = seconds;
  }
  await da.stores.daApps.setProcessingTimeLimits(clientId, limits);
  return body;
}
