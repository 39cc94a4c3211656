import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GATEWAY_PLATFORM_NAME } from '../features/settings/platform-kind';
import { renderWithProviders, testConfig } from '../testing/render';
import { RequestsRoute } from './requests-route';

describe('RequestsRoute', () => {
  it('says through the gateway that there is no request log, without asking for one', () => {
    renderWithProviders(<RequestsRoute />, { config: { ...testConfig, platformName: GATEWAY_PLATFORM_NAME } });
    expect(screen.getByRole('heading', { level: 1, name: 'Requests' })).toBeInTheDocument();
    expect(screen.getByText(/Only the local platform records/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
