/**
 * What the server that hosts the built app answers at `/app-config.json`: the platform the app talks
 * to by default. A person can point the app elsewhere in its settings.
 */
export interface AppRuntimeConfig {
  /** Base URL of the platform, without a trailing slash, e.g. `http://127.0.0.1:8080`. */
  platformUrl: string;
  /** Shown in the top bar, e.g. "Local platform". */
  platformName: string;
  /** The `spa` app registered on the platform for this app. */
  clientId: string;
  /** Path of the app's OAuth callback route; the redirect URI is the app's origin plus this path. */
  callbackPath: string;
  /** Scopes the app asks for at sign-in, space-separated. */
  scopes: string;
}

export const APP_CONFIG_PATH = '/app-config.json';
export const DEFAULT_CALLBACK_PATH = '/auth/callback';
/** `code:all` is what Design Automation asks of every call. */
export const DEFAULT_APP_SCOPES =
  'openid data:read data:write data:create bucket:read bucket:create bucket:delete viewables:read user-profile:read code:all';
