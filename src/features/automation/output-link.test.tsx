import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { objectUrn } from '../../../contracts/oss';
import { configureHttp } from '../../api/http';
import { saveUrl } from '../../lib/save-url';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { OutputLink } from './output-link';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));

function serve() {
  const mock = mockFetch((call) => {
    const path = call.url.pathname;
    if (path.endsWith('/formats')) return jsonResponse({ formats: { svf2: ['ifc', 'dwg'], thumbnail: ['ifc'] } });
    if (path.endsWith('/signeds3download'))
      return jsonResponse({ status: 'complete', url: 'http://platform.test/blob/report.csv', size: 10 });
    return jsonResponse({}, { status: 404 });
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

const link = (fileName: string) => {
  const urn = objectUrn('results', fileName);
  return (
    <OutputLink fileName={fileName} designUrn={urn} storageUrn={urn}>
      results/{fileName}
    </OutputLink>
  );
};

describe('OutputLink', () => {
  it('downloads a result the platform cannot translate, instead of opening a model page', async () => {
    const mock = serve();
    const { user } = renderWithProviders(link('report.csv'));
    const download = await screen.findByRole('button', { name: 'Download report.csv' }, { timeout: 5000 });
    await waitFor(() => expect(mock.calls.some((call) => call.url.pathname.endsWith('/formats'))).toBe(true));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    await user.click(download);
    await waitFor(() => expect(saveUrl).toHaveBeenCalledWith('http://platform.test/blob/report.csv', 'report.csv'));
    expect(mock.calls.find((call) => call.url.pathname.endsWith('/signeds3download'))?.url.pathname).toBe(
      '/oss/v2/buckets/results/objects/report.csv/signeds3download',
    );
  });

  it('opens a translatable result on its model page', async () => {
    serve();
    renderWithProviders(link('house.ifc'));
    expect(await screen.findByRole('link', { name: 'results/house.ifc' }, { timeout: 5000 })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/models\/.+\?name=house\.ifc$/),
    );
  });
});
