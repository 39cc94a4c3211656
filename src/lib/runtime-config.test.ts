import { describe, expect, it, vi } from 'vitest';
import { APP_CONFIG_PATH, DEFAULT_APP_SCOPES, DEFAULT_CALLBACK_PATH } from '../../contracts/app-config';
import { ConfigLoadError, loadRuntimeConfig, readStoredOverride, redirectUriFor } from './runtime-config';

const served = {
  platformUrl: 'http://127.0.0.1:8080/',
  platformName: 'Local platform',
  clientId: 'spa-client',
  callbackPath: '/auth/callback',
  scopes: 'data:read',
};

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('loadRuntimeConfig', () => {
  it('reads the served config and trims the trailing slash of the platform URL', async () => {
    const fetchFn = vi.fn(() => Promise.resolve(jsonResponse(served)));
    const config = await loadRuntimeConfig({ fetch: fetchFn, readOverride: () => null });
    expect(fetchFn).toHaveBeenCalledWith(APP_CONFIG_PATH, expect.anything());
    expect(config).toEqual({ ...served, platformUrl: 'http://127.0.0.1:8080' });
  });

  it('fills the callback path and scopes from the shared defaults', async () => {
    const fetchFn = () => Promise.resolve(jsonResponse({ platformUrl: 'http://p', clientId: 'c' }));
    const config = await loadRuntimeConfig({ fetch: fetchFn, readOverride: () => null });
    expect(config.callbackPath).toBe(DEFAULT_CALLBACK_PATH);
    expect(config.scopes).toBe(DEFAULT_APP_SCOPES);
    expect(config.platformName).toBe('http://p');
  });

  it('lays a saved override over the served config', async () => {
    localStorage.setItem(
      'ddm.config-override',
      JSON.stringify({ platformUrl: 'https://aps.example', platformName: '' }),
    );
    const config = await loadRuntimeConfig({ fetch: () => Promise.resolve(jsonResponse(served)) });
    expect(config.platformUrl).toBe('https://aps.example');
    expect(config.platformName).toBe('Local platform');
  });

  it('ignores an override that is not JSON', () => {
    localStorage.setItem('ddm.config-override', '{nope');
    expect(readStoredOverride()).toBeNull();
  });

  it.each([
    ['a missing file', () => Promise.resolve(new Response('Not found', { status: 404 }))],
    ['an HTML fallback page', () => Promise.resolve(new Response('<!doctype html>', { status: 200 }))],
    ['a config without a client id', () => Promise.resolve(jsonResponse({ platformUrl: 'http://p' }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('fails with ConfigLoadError on %s', async (_name, fetchFn: () => Promise<Response>) => {
    await expect(loadRuntimeConfig({ fetch: fetchFn, readOverride: () => null })).rejects.toBeInstanceOf(
      ConfigLoadError,
    );
  });
});

describe('redirectUriFor', () => {
  it('joins the app origin and the callback path', () => {
    expect(redirectUriFor({ ...served, callbackPath: '/auth/callback' }, 'http://127.0.0.1:5173')).toBe(
      'http://127.0.0.1:5173/auth/callback',
    );
  });
});
