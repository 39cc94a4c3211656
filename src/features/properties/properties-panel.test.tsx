import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ObjectProperties } from '../../../contracts/model-derivative';
import { saveUrl } from '../../lib/save-url';
import { jsonResponse, type RecordedCall } from '../../testing/fetch-mock';
import { PROPERTIES, serveMd, TREE, URN, VIEW_GUID } from '../../testing/md-fixtures';
import { renderWithProviders } from '../../testing/render';
import { PropertiesPanel } from './properties-panel';

vi.mock('../../lib/save-url', () => ({ saveUrl: vi.fn() }));

// jsdom lays nothing out: give the all-objects table's scroll container a height, so it draws a window of rows.
const clientHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 400 }));
afterAll(() => clientHeight && Object.defineProperty(HTMLElement.prototype, 'clientHeight', clientHeight));

function serve({
  extracting = 0,
  collection = PROPERTIES,
}: { extracting?: number; collection?: ObjectProperties[] } = {}) {
  let waits = extracting;
  return serveMd((call: RecordedCall) => {
    if (waits > 0) {
      waits -= 1;
      return jsonResponse({ result: 'success' }, { status: 202 });
    }
    if (call.url.pathname.endsWith('/properties')) {
      const id = call.url.searchParams.get('objectid');
      return jsonResponse({
        data: {
          type: 'properties',
          collection: id ? collection.filter((object) => object.objectid === Number(id)) : collection,
        },
      });
    }
    return jsonResponse({ data: { type: 'objects', objects: TREE } });
  });
}

function renderPanel(selectedId: number | null = null) {
  const onSelect = vi.fn();
  const view = renderWithProviders(
    <PropertiesPanel urn={URN} guid={VIEW_GUID} name="house.ifc" selectedId={selectedId} onSelect={onSelect} />,
  );
  return { ...view, onSelect };
}

describe('PropertiesPanel', () => {
  it('shows a wait while the platform is still extracting, then the tree on its own', async () => {
    const mock = serve({ extracting: 1 });
    renderPanel();
    expect(await screen.findByRole('status')).toHaveTextContent('still extracting the object tree');
    expect(await screen.findByRole('tree', { name: 'Object tree' }, { timeout: 3_000 })).toBeInTheDocument();
    expect(mock.calls.map((call) => call.url.pathname)).toEqual([
      `/modelderivative/v2/designdata/${URN}/metadata/${VIEW_GUID}`,
      `/modelderivative/v2/designdata/${URN}/metadata/${VIEW_GUID}`,
    ]);
  });

  it('searches the tree in place, and expands and collapses it', async () => {
    serve();
    const { user } = renderPanel();
    const tree = await screen.findByRole('tree', { name: 'Object tree' });
    const names = () =>
      within(tree)
        .getAllByRole('treeitem')
        .map((item) => item.textContent);
    // The top two levels start open.
    expect(names()).toEqual(['Demo House', 'Ground Floor', 'South Wall Ground Floor', 'Front Door Ground Floor']);
    await user.click(within(tree).getByRole('treeitem', { name: 'Ground Floor' }));
    await user.keyboard('{ArrowLeft}');
    expect(within(tree).getByRole('treeitem', { name: 'Ground Floor' })).toHaveAttribute('aria-expanded', 'false');
    expect(names()).toEqual(['Demo House', 'Ground Floor']);

    await user.type(screen.getByRole('searchbox', { name: 'Search the object tree' }), 'door');
    expect(names()).toEqual(['Demo House', 'Ground Floor', 'Front Door Ground Floor']);
    await user.clear(screen.getByRole('searchbox', { name: 'Search the object tree' }));

    await user.click(screen.getByRole('button', { name: 'Collapse all' }));
    expect(names()).toEqual(['Demo House']);
    await user.click(screen.getByRole('button', { name: 'Expand all' }));
    expect(names()).toHaveLength(4);
  });

  it('tells the page which object was chosen, and shows its properties grouped by category', async () => {
    serve();
    const { user, onSelect } = renderPanel(3);
    const tree = await screen.findByRole('tree', { name: 'Object tree' });
    // The selection opens its branch, so a pick made in 3D shows in the tree.
    expect(within(tree).getByRole('treeitem', { name: 'South Wall Ground Floor' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = await screen.findByRole('table', { name: 'Properties of South Wall Ground Floor' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['General', 'Pset_WallCommon', 'Dimensions']);
    expect(within(table).getByRole('row', { name: 'FireRating REI 90' })).toBeInTheDocument();
    await user.click(within(tree).getByRole('treeitem', { name: 'Front Door Ground Floor' }));
    expect(onSelect).toHaveBeenCalledWith(4);
  });

  it('reads every object in one table with search, column filters and CSV export', async () => {
    serve();
    const { user, onSelect } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'All objects' }));
    const table = await screen.findByRole('table', { name: 'All objects' });
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['South Wall Ground Floor', 'Front Door Ground Floor']);

    await user.type(within(table).getByRole('textbox', { name: 'Filter Pset_WallCommon / FireRating' }), 'rei');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['South Wall Ground Floor']);
    expect(screen.getByText('1 of 2 objects')).toBeInTheDocument();

    const csv = vi.fn((blob: Blob) => blob);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn((blob: Blob) => (csv(blob), 'blob:csv')), revokeObjectURL: vi.fn() }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(saveUrl).toHaveBeenCalledWith('blob:csv', 'house-properties.csv');
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(csv.mock.results[0]?.value as Blob);
    });
    expect(text.split('\r\n')[1]).toBe('3,South Wall Ground Floor,IfcWall,REI 90,true,12.000 m,,');
    vi.unstubAllGlobals();

    await user.click(within(table).getByRole('rowheader', { name: 'South Wall Ground Floor' }));
    expect(onSelect).toHaveBeenCalledWith(3);
  });

  it('draws only the rows on screen of thousands of objects', async () => {
    const many = Array.from({ length: 5_000 }, (_, index): ObjectProperties => ({
      objectid: index + 10,
      name: `Beam ${index}`,
      externalId: `b${index}`,
      properties: { Dimensions: { Length: `${index}.000 m` } },
    }));
    serve({ collection: many });
    const { user } = renderPanel();
    await user.click(await screen.findByRole('button', { name: 'All objects' }));
    const table = await screen.findByRole('table', { name: 'All objects' });
    expect(table).toHaveAttribute('aria-rowcount', '5001');
    expect(within(table).getAllByRole('rowheader').length).toBeLessThan(40);
    await user.type(screen.getByRole('searchbox', { name: 'Search all properties' }), 'Beam 4999');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Beam 4999']);
  });

  it('cuts a very long name short in the tree, with the whole of it on hover, and never lets it widen the panel', async () => {
    const long = `Curtain wall mullion ${'x'.repeat(300)}`;
    serveMd((call: RecordedCall) =>
      call.url.pathname.endsWith('/properties')
        ? jsonResponse({ data: { type: 'properties', collection: [{ objectid: 3, name: long, properties: {} }] } })
        : jsonResponse({
            data: {
              type: 'objects',
              objects: [{ objectid: 1, name: 'Demo House', objects: [{ objectid: 3, name: long }] }],
            },
          }),
    );
    renderPanel(3);
    const item = await screen.findByRole('treeitem', { name: long });
    const label = within(item).getByTitle(long);
    expect(label).toHaveClass('truncate', 'min-w-0');
    // A nowrap name is as wide as its text to the grid: its columns and the tree's section must be free to be narrower.
    const objects = screen.getByRole('region', { name: 'Objects' });
    expect(objects).toHaveClass('min-w-0');
    expect(objects.parentElement).toHaveClass('grid-cols-[minmax(0,1fr)]');
    expect(objects.parentElement?.className).toMatch(/@3xl:grid-cols-\[minmax\(14rem,1fr\)_minmax\(0,2fr\)\]/);
    expect(screen.getByRole('region', { name: 'Selected object' })).toHaveClass('min-w-0');
  });

  it("shows a measure at its unit's precision, beside the 3D view as in the Properties tab, the stored value on hover", async () => {
    serve({ collection: [{ ...PROPERTIES[0]!, properties: { Dimensions: { Length: '3.59036532972 m' } } }] });
    renderPanel(3);
    const table = await screen.findByRole('table', { name: 'Properties of South Wall Ground Floor' });
    const length = within(table).getByText('3.59 m');
    expect(length).toHaveAttribute('title', '3.59036532972 m');
  });
});
