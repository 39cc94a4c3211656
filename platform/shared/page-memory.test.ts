import { describe, expect, it } from 'vitest';
import { pageMemory } from './page-memory';

describe('page memory', () => {
  const bytes = (text: string) => new Uint8Array(Buffer.from(text));

  it('renders a page once for the same rows and URL, and again for other rows or another URL', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    const rendered: string[] = [];
    const render = (text: string) => () => (rendered.push(text), bytes(text));
    const first = memory.page([rows, 1], 'http://x/page', render('one'));
    expect(memory.page([rows, 1], 'http://x/page', render('again'))).toBe(first);
    expect(rendered).toEqual(['one']);
    memory.page([rows, 1], 'http://x/page?other', render('other url'));
    memory.page([rows, 2], 'http://x/page', render('other total'));
    memory.page([[{ id: 'a' }], 2], 'http://x/page', render('other rows, equal but not the same'));
    expect(rendered).toEqual(['one', 'other url', 'other total', 'other rows, equal but not the same']);
  });

  it('counts a list read as empty by its emptiness: no rows were read, so each request makes its own', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    let renders = 0;
    const render = () => (renders++, bytes('page'));
    memory.page([rows, [], []], 'http://x/page', render);
    memory.page([rows, [], []], 'http://x/page', render);
    expect(renders).toBe(1);
    memory.page([rows, [{ id: 'b' }], []], 'http://x/page', render);
    expect(renders).toBe(2);
  });

  it('keeps a few URLs for one set of rows, not as many as are asked for', () => {
    const memory = pageMemory();
    const rows = [{ id: 'a' }];
    let renders = 0;
    const render = () => (renders++, bytes('page'));
    for (let n = 0; n < 100; n++) memory.page([rows], `http://x/page?junk=${n}`, render);
    memory.page([rows], 'http://x/page?junk=99', render);
    expect(renders).toBe(100);
    memory.page([rows], 'http://x/page?junk=0', render);
    expect(renders).toBe(101);
  });
});
