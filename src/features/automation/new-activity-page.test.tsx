import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { configureHttp } from '../../api/http';
import { jsonResponse, mockFetch } from '../../testing/fetch-mock';
import { renderWithProviders } from '../../testing/render';
import { NewActivityPage } from './new-activity-page';

function serve() {
  const mock = mockFetch((call) => {
    const path = call.url.pathname;
    if (path === '/da/us-east/v3/engines')
      return jsonResponse({ paginationToken: null, data: ['Autodesk.Revit+2025', 'Local.Test+1'] });
    if (path === '/da/us-east/v3/appbundles')
      return jsonResponse({ paginationToken: null, data: ['Me.Tools+prod', 'Me.Tools+$LATEST'] });
    if (path === '/da/us-east/v3/activities' && call.method === 'POST') {
      return jsonResponse(
        {
          commandLine: [
            "Invalid switch [[$(args[x].path)]]. Variables that expand to paths must be quoted. (Parameter 'commandLine')",
          ],
        },
        { status: 400 },
      );
    }
    return jsonResponse({}, { status: 404 });
  });
  configureHttp({
    baseUrl: 'http://platform.test',
    fetch: mock.fetch,
    getAccessToken: () => 't',
    refreshAccessToken: vi.fn(() => Promise.resolve(null)),
    onSessionExpired: vi.fn(),
  });
  return mock;
}

describe('NewActivityPage', () => {
  it('offers the engines that run here first and the appbundles with an alias, not $LATEST', async () => {
    serve();
    renderWithProviders(<NewActivityPage />);
    expect(await screen.findByRole('option', { name: 'Local.Test+1' })).toBeInTheDocument();
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Choose an engine…',
      'Local.Test+1',
      'Autodesk.Revit+2025 (does not run on this platform)',
    ]);
    expect(await screen.findByRole('checkbox', { name: 'Me.Tools+prod' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Me.Tools+$LATEST' })).toBeNull();
  });

  it('edits the same activity as a form or as JSON, and says what is wrong with bad JSON', async () => {
    serve();
    const { user } = renderWithProviders(<NewActivityPage />);
    await user.type(screen.getByLabelText('Name'), 'Echo');
    await user.click(screen.getByRole('button', { name: 'Edit as JSON' }));
    const json = screen.getByLabelText('Activity JSON');
    expect(JSON.parse((json as HTMLTextAreaElement).value)).toMatchObject({ id: 'Echo', engine: '', commandLine: [] });
    await user.clear(json);
    await user.click(json);
    await user.paste('{"id":"Echo","engine":"Local.Test+1","commandLine":"$(engine.path)/test exit 0"}');
    await user.click(screen.getByRole('button', { name: 'Edit as form' }));
    expect(await screen.findByLabelText('Command line (one per line)')).toHaveValue('$(engine.path)/test exit 0');
    expect(screen.getByLabelText('Engine')).toHaveValue('Local.Test+1');

    await user.click(screen.getByRole('button', { name: 'Edit as JSON' }));
    await user.clear(screen.getByLabelText('Activity JSON'));
    await user.click(screen.getByRole('button', { name: 'Edit as form' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is not JSON');
  });

  it('shows the service’s field-map 400 in words with the raw response one click away', async () => {
    serve();
    const { user } = renderWithProviders(<NewActivityPage />);
    await user.click(screen.getByRole('button', { name: 'Edit as JSON' }));
    await user.clear(screen.getByLabelText('Activity JSON'));
    await user.click(screen.getByLabelText('Activity JSON'));
    await user.paste('{"id":"Bad","engine":"Local.Test+1","commandLine":["$(engine.path)/test echo $(args[x].path)"]}');
    await user.click(screen.getByRole('button', { name: 'Create activity' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'commandLine: Invalid switch [[$(args[x].path)]]. Variables that expand to paths must be quoted.',
    );
    expect(alert).toHaveTextContent('Raw response');
  });
});
