import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Manifest, ManifestDerivative } from '../../../contracts/model-derivative';
import { jsonResponse, type RecordedCall } from '../../testing/fetch-mock';
import { manifest, obj, serveMd, svf2, URN } from '../../testing/md-fixtures';
import { renderWithProviders } from '../../testing/render';
import { saveUrl } from '../../lib/save-url';
import { ManifestView } from './manifest-view';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));

const SIGNED = 'http://platform.test/modelderivative/v2/designdata/signed/obj?sig=abc';

function serve(current: () => Manifest | null) {
  return serveMd((call: RecordedCall) => {
    if (call.url.pathname.endsWith('/signedcookies'))
      return jsonResponse({
        etag: 'e',
        size: 2048,
        url: SIGNED,
        'content-type': 'application/octet-stream',
        expiration: Date.now() + 60_000,
      });
    if (call.method === 'DELETE') return jsonResponse({ result: 'success' });
    const body = current();
    return body ? jsonResponse(body) : jsonResponse({ diagnostic: 'Manifest not found' }, { status: 404 });
  });
}

const renderView = (onTranslate = vi.fn()) => ({
  onTranslate,
  ...renderWithProviders(
    <ManifestView urn={URN} name="house.ifc" pollWhileRunning={false} onTranslate={onTranslate} />,
  ),
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.mocked(saveUrl).mockClear();
});

describe('ManifestView', () => {
  it('shows each output as a tree with its status, role and files', async () => {
    serve(() => manifest([svf2(), obj()]));
    renderView();
    const tree = await screen.findByRole('tree', { name: 'Derivatives' });
    const viewable = within(tree).getByRole('treeitem', { name: 'svf2 output' });
    expect(viewable).toHaveTextContent('Success');
    expect(within(viewable).getByRole('treeitem', { name: '3D (geometry)' })).toHaveTextContent('role 3d');
    expect(within(viewable).getByRole('treeitem', { name: 'graphics (resource)' })).toHaveTextContent(
      'model/gltf-binary',
    );
    expect(within(tree).getByRole('treeitem', { name: 'obj output' })).toHaveTextContent('from house.ifc');
    expect(screen.getByLabelText('Manifest status')).toHaveTextContent('Success');
  });

  it('tells the thumbnails apart by resolution, with their sizes', async () => {
    const picture = (side: number, size: number) => ({
      guid: `thumb-${side}`,
      type: 'resource' as const,
      role: 'thumbnail',
      mime: 'image/png',
      status: 'success' as const,
      urn: `urn:adsk.viewing:fs.file:${URN}/output/thumbnail/thumb-${side}.png`,
      size,
      resolution: [side, side] as [number, number],
    });
    const thumbnails: ManifestDerivative = {
      name: 'house.ifc',
      outputType: 'thumbnail',
      status: 'success',
      progress: 'complete',
      hasThumbnail: 'true',
      children: [picture(100, 2000), picture(200, 6000), picture(400, 20000)],
    };
    serve(() => manifest([thumbnails]));
    renderView();
    const output = await screen.findByRole('treeitem', { name: 'thumbnail output' });
    expect(within(output).getByRole('treeitem', { name: 'Thumbnail 100 × 100 (resource)' })).toHaveTextContent(
      '2.0 KB',
    );
    expect(within(output).getByRole('treeitem', { name: 'Thumbnail 200 × 200 (resource)' })).toHaveTextContent(
      '6.0 KB',
    );
    expect(within(output).getByRole('treeitem', { name: 'Thumbnail 400 × 400 (resource)' })).toHaveTextContent('20 KB');
  });

  it('shows a warning every output gave once, naming the outputs, instead of under each', async () => {
    const warning = {
      type: 'warning' as const,
      code: 'Engine-MissingEntities',
      message: 'The file refers to 3 entities it lacks.',
    };
    const own = {
      type: 'warning' as const,
      code: 'Engine-SkippedProxyGeometry',
      message: 'Two objects have no geometry.',
    };
    serve(() =>
      manifest([
        { ...svf2(), messages: [warning] },
        obj('success', [warning, own]),
        { ...obj(), outputType: 'stl', messages: [warning] },
      ]),
    );
    renderView();
    const shared = await screen.findByRole('list', { name: 'Messages for several outputs' });
    expect(within(shared).getAllByRole('listitem')).toHaveLength(1);
    expect(shared).toHaveTextContent('Warning: The file refers to 3 entities it lacks.');
    expect(shared).toHaveTextContent('For svf2, obj, stl.');
    const tree = screen.getByRole('tree', { name: 'Derivatives' });
    expect(within(tree).queryByText(/entities it lacks/)).not.toBeInTheDocument();
    expect(
      within(within(tree).getByRole('treeitem', { name: 'obj output' })).getByRole('list', { name: 'Messages' }),
    ).toHaveTextContent('Two objects have no geometry.');
  });

  it('puts a failure’s code into words next to the platform’s message', async () => {
    const failure = {
      type: 'error' as const,
      code: 'TranslationWorker-InternalFailure',
      message: 'The file is not an IFC model: no ISO-10303-21 header.',
    };
    const warning = {
      type: 'warning' as const,
      code: 'Engine-SkippedProxyGeometry',
      message: ['Two objects have no geometry;', 'they are in the tree only.'],
    };
    serve(() => manifest([svf2(), obj('failed', [failure, warning])], 'failed'));
    renderView();
    const messages = within(await screen.findByRole('treeitem', { name: 'obj output' })).getByRole('list', {
      name: 'Messages',
    });
    const [error, note] = within(messages).getAllByRole('listitem');
    expect(error).toHaveTextContent(
      'Error: The file is not an IFC model: no ISO-10303-21 header. — The translator failed on this file. TranslationWorker-InternalFailure',
    );
    expect(note).toHaveTextContent(
      'Warning: Two objects have no geometry; they are in the tree only. — Skipped proxy geometry. Engine-SkippedProxyGeometry',
    );
    expect(screen.getByLabelText('Manifest status')).toHaveTextContent('Failed');
  });

  it('downloads an OBJ through a signed URL, named after the source file', async () => {
    const mock = serve(() => manifest([obj()]));
    const bytes = vi.fn(() => Promise.resolve(new Response('v 0 0 0\n')));
    vi.stubGlobal('fetch', bytes);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:obj'), revokeObjectURL: vi.fn() }));
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: /Download OBJ/ }));

    await vi.waitFor(() => expect(saveUrl).toHaveBeenCalledWith('blob:obj', 'house.obj'));
    const signedcookies = mock.calls.find((call) => call.url.pathname.endsWith('/signedcookies'));
    expect(decodeURIComponent(signedcookies?.url.pathname ?? '')).toBe(
      `/modelderivative/v2/designdata/${URN}/manifest/urn:adsk.viewing:fs.file:${URN}/output/obj/model.obj/signedcookies`,
    );
    expect(bytes).toHaveBeenCalledWith(SIGNED);
    expect(screen.getByRole('button', { name: /Download MTL/ })).toBeInTheDocument();
  });

  // What the delete makes stale is in its mutation's meta (queries.test.ts); the app's MutationCache acts on it.
  it('deletes the manifest only after confirming', async () => {
    const mock = serve(() => manifest([svf2()]));
    const { user } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Delete manifest' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete the manifest?' });
    expect(mock.calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete manifest' }));
    await vi.waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(mock.calls.filter((call) => call.method === 'DELETE').map((call) => call.url.pathname)).toEqual([
      `/modelderivative/v2/designdata/${URN}/manifest`,
    ]);
  });

  it('offers to translate a design that has no manifest', async () => {
    serve(() => null);
    const { user, onTranslate } = renderView();
    await user.click(await screen.findByRole('button', { name: 'Translate' }));
    expect(onTranslate).toHaveBeenCalled();
  });

  it('follows a job started elsewhere, a quarter-second apart at first, and stops once it ends', async () => {
    vi.useFakeTimers();
    const states = [
      manifest([svf2('inprogress')], 'inprogress', '40% complete'),
      manifest([svf2('inprogress')], 'inprogress', '80% complete'),
      manifest([svf2()]),
    ];
    let answer = 0;
    const mock = serve(() => states[Math.min(answer++, states.length - 1)] ?? null);
    renderWithProviders(<ManifestView urn={URN} name="house.ifc" pollWhileRunning onTranslate={vi.fn()} />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByLabelText('Manifest status')).toHaveTextContent('40% complete');
    await act(() => vi.advanceTimersByTimeAsync(260));
    expect(screen.getByLabelText('Manifest status')).toHaveTextContent('80% complete');
    await act(() => vi.advanceTimersByTimeAsync(260));
    expect(screen.getByLabelText('Manifest status')).toHaveTextContent('Success');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(mock.calls).toHaveLength(3);
  });

  it('shows the raw JSON and copies it', async () => {
    const data = manifest([svf2()]);
    serve(() => data);
    const { user } = renderView();
    const clipboard = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByText('Raw JSON'));
    expect(JSON.parse(screen.getByLabelText('Manifest JSON').textContent ?? '')).toEqual(data);
    await user.click(screen.getByRole('button', { name: 'Copy manifest JSON' }));
    expect(clipboard).toHaveBeenCalledWith(JSON.stringify(data, null, 2));
  });
});
