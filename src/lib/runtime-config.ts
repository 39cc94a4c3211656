import {
  APP_CONFIG_PATH,
  DEFAULT_APP_SCOPES,
  DEFAULT_CALLBACK_PATH,
  type AppRuntimeConfig,
} from '../../contracts/app-config';

/**
 * Where the app finds its platform. The server hosting the app answers `/app-config.json`; a person's
 * own choice (saved in this browser from the settings page) is laid over it, field by field.
 */

export type ConfigOverride = Partial<AppRuntimeConfig>;

const OVERRIDE_STORAGE_KEY = 'ddm.config-override';

export class ConfigLoadError extends Error {
  override readonly name = 'ConfigLoadError';
  constructor(
    message: string,
    readonly path: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface LoadRuntimeConfigOptions {
  fetch?: typeof fetch;
  readOverride?: () => ConfigOverride | null;
  signal?: AbortSignal;
}

export async function loadRuntimeConfig(options: LoadRuntimeConfigOptions = {}): Promise<AppRuntimeConfig> {
  const { fetch: fetchFn = fetch, readOverride = readStoredOverride, signal } = options;
  let response: Response;
  try {
    response = await fetchFn(APP_CONFIG_PATH, { headers: { Accept: 'application/json' }, signal });
  } catch (cause) {
    throw new ConfigLoadError(`The app could not request ${APP_CONFIG_PATH}: ${String(cause)}`, APP_CONFIG_PATH, null);
  }
  if (!response.ok) {
    throw new ConfigLoadError(`${APP_CONFIG_PATH} answered ${response.status}.`, APP_CONFIG_PATH, response.status);
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // A dev server without a platform answers index.html for every path, which lands here.
    throw new ConfigLoadError(`${APP_CONFIG_PATH} is not JSON.`, APP_CONFIG_PATH, response.status);
  }
  return applyOverride(parseRuntimeConfig(body), readOverride());
}

export function parseRuntimeConfig(body: unknown): AppRuntimeConfig {
  const fields = pickStrings(body);
  if (!fields.platformUrl || !fields.clientId) {
    throw new ConfigLoadError(`${APP_CONFIG_PATH} must name a platformUrl and a clientId.`, APP_CONFIG_PATH, null);
  }
  return normalize({
    platformUrl: fields.platformUrl,
    platformName: fields.platformName ?? fields.platformUrl,
    clientId: fields.clientId,
    callbackPath: fields.callbackPath ?? DEFAULT_CALLBACK_PATH,
    scopes: fields.scopes ?? DEFAULT_APP_SCOPES,
  });
}

export function applyOverride(config: AppRuntimeConfig, override: ConfigOverride | null): AppRuntimeConfig {
  if (!override) return config;
  return normalize({ ...config, ...pickStrings(override) });
}

export function readStoredOverride(): ConfigOverride | null {
  try {
    const raw = localStorage.getItem(OVERRIDE_STORAGE_KEY);
    return raw ? pickStrings(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** Saves a person's own platform for this browser; it takes effect when the app next starts. */
export function saveConfigOverride(override: ConfigOverride): void {
  localStorage.setItem(OVERRIDE_STORAGE_KEY, JSON.stringify(pickStrings(override)));
}

export function clearConfigOverride(): void {
  localStorage.removeItem(OVERRIDE_STORAGE_KEY);
}

export function redirectUriFor(config: AppRuntimeConfig, origin: string): string {
  return new URL(config.callbackPath, origin).toString();
}

function normalize(config: AppRuntimeConfig): AppRuntimeConfig {
  return { ...config, platformUrl: config.platformUrl.replace(/\/+$/, '') };
}

const CONFIG_KEYS = ['platformUrl', 'platformName', 'clientId', 'callbackPath', 'scopes'] as const;

/** Keeps only the known, non-empty string fields, so a stale or hand-edited value cannot break startup. */
function pickStrings(value: unknown): ConfigOverride {
  const result: ConfigOverride = {};
  if (typeof value !== 'object' || value === null) return result;
  const record = value as Record<string, unknown>;
  for (const key of CONFIG_KEYS) {
    const field = record[key];
    if (typeof field === 'string' && field.trim() !== '') result[key] = field.trim();
  }
  return result;
}
