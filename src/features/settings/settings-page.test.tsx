import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig, readStoredOverride } from '../../lib/runtime-config';
import { renderWithProviders, testConfig } from '../../testing/render';
import { GATEWAY_PLATFORM_NAME } from './platform-kind';
import { SettingsPage } from './settings-page';

describe('SettingsPage', () => {
  it('shows the platform in use and saves another one in this browser', async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<SettingsPage onPlatformChanged={changed} />);
    expect(screen.getByRole('heading', { name: `In use: ${testConfig.platformName}` })).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Base URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'https://developer.api.autodesk.com/');
    await user.clear(screen.getByRole('textbox', { name: 'Name' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Autodesk');
    await user.clear(screen.getByRole('textbox', { name: 'Client ID' }));
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'my-aps-app');
    await user.click(screen.getByRole('button', { name: 'Save and sign in again' }));

    expect(changed).toHaveBeenCalledTimes(1);
    expect(readStoredOverride()).toMatchObject({
      platformUrl: 'https://developer.api.autodesk.com/',
      platformName: 'Autodesk',
      clientId: 'my-aps-app',
      callbackPath: '/auth/callback',
    });
  });

  it('refuses a base URL that is not one, and says why', async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<SettingsPage onPlatformChanged={changed} />);
    await user.clear(screen.getByRole('textbox', { name: 'Base URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Base URL' }), 'localhost:8080');
    await user.click(screen.getByRole('button', { name: 'Save and sign in again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('must start with http:// or https://');
    expect(changed).not.toHaveBeenCalled();
    expect(readStoredOverride()).toBeNull();
  });

  it('goes back to the default platform', async () => {
    localStorage.setItem('ddm.config-override', JSON.stringify({ platformUrl: 'http://elsewhere.test' }));
    const changed = vi.fn();
    const { user } = renderWithProviders(<SettingsPage onPlatformChanged={changed} />);
    expect(screen.getByText('Saved in this browser')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use the default platform' }));
    expect(readStoredOverride()).toBeNull();
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('points the app at Autodesk Platform Services through a gateway: its URL and the APS app’s client id', async () => {
    const changed = vi.fn();
    const { user } = renderWithProviders(<SettingsPage onPlatformChanged={changed} />);
    const gateway = screen.getByRole('radio', { name: new RegExp(GATEWAY_PLATFORM_NAME.replace(/[()]/g, '\\$&')) });
    // The command is shown as code, not between raw backticks.
    expect(gateway.closest('label')).not.toHaveTextContent('`');
    expect(gateway.closest('label')?.querySelector('code')).toHaveTextContent('npm run platform -- gateway');
    await user.click(gateway);
    expect(screen.queryByRole('textbox', { name: 'Base URL' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save and sign in again' }));
    expect(screen.getByRole('alert')).toHaveTextContent('The client ID is required');

    await user.clear(screen.getByRole('textbox', { name: 'Gateway URL' }));
    await user.type(screen.getByRole('textbox', { name: 'Gateway URL' }), 'http://127.0.0.1:8090');
    await user.type(screen.getByRole('textbox', { name: 'Client ID' }), 'aps-web-app-id');
    await user.click(screen.getByRole('button', { name: 'Save and sign in again' }));
    expect(changed).toHaveBeenCalledTimes(1);
    expect(readStoredOverride()).toMatchObject({
      platformUrl: 'http://127.0.0.1:8090',
      platformName: GATEWAY_PLATFORM_NAME,
      clientId: 'aps-web-app-id',
      callbackPath: '/auth/callback',
    });
    // On the next start the app's API base URL is the gateway's, whatever the server's config says
    // (e2e/gateway.spec.ts follows the requests themselves to the gateway).
    const served = () =>
      Promise.resolve(
        Response.json({ platformUrl: 'http://127.0.0.1:8080', platformName: 'Local platform', clientId: 'demo-spa' }),
      );
    expect(await loadRuntimeConfig({ fetch: served })).toMatchObject({
      platformUrl: 'http://127.0.0.1:8090',
      platformName: GATEWAY_PLATFORM_NAME,
      clientId: 'aps-web-app-id',
    });
  });
});
