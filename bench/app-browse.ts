import { result, type Benchmark, type BenchResult } from './harness';
import { median, startAppStack, type AppStack } from './app-stack';

const RUNS = 5;
const ARCHIVE_ROWS = 5000;

/**
 * The folder view in Chromium against the platform with the demo seed:
 * - from a click on the 5,000-item Archive to its first rows painted, against the same page of
 *   contents fetched bare from the same page (the network and platform part of it);
 * - requests per 1,000 rows scrolled through Archive a screenful at a time, against the fewest any
 *   client could make (1,000 ÷ the largest page the platform serves, read in this run);
 * - requests to jump from the top to the last row (Ctrl+End), against one.
 */
export const appBrowse: Benchmark = {
  name: 'app-browse',
  async run() {
    const stack = await startAppStack();
    try {
      const projectFiles = await findProjectFiles(stack);
      return [...(await timeFolderOpen(stack, projectFiles)), ...(await countScrollRequests(stack, projectFiles))];
    } finally {
      await stack.stop();
    }
  },
};

async function findProjectFiles({ page }: AppStack): Promise<string> {
  await page.getByRole('table', { name: 'Hubs' }).getByRole('link', { name: 'Demo Company' }).click();
  await page.getByRole('link', { name: 'Riverside Offices' }).first().click();
  await page.getByRole('grid').getByRole('link', { name: 'Project Files', exact: true }).click();
  await page.getByRole('grid').getByRole('link', { name: 'Archive', exact: true }).waitFor();
  return new URL(page.url()).pathname;
}

/** Opens Project Files afresh (an empty cache), ready to click Archive. */
async function freshProjectFiles(stack: AppStack, projectFiles: string) {
  await stack.open(projectFiles);
  await stack.page.getByRole('grid').getByRole('link', { name: 'Archive', exact: true }).waitFor();
}

async function timeFolderOpen(stack: AppStack, projectFiles: string): Promise<BenchResult[]> {
  const { page } = stack;
  const clicks: number[] = [];
  const fetches: number[] = [];
  // One run first to warm the platform (its first read of a 5,000-row folder is slow), then the
  // click and the bare fetch take turns, so both meet the platform in the same state.
  for (let run = -1; run < RUNS; run++) {
    await freshProjectFiles(stack, projectFiles);
    const [request, elapsed] = await Promise.all([
      page.waitForRequest(
        (candidate) =>
          new URL(candidate.url()).pathname.endsWith('/contents') &&
          !new URL(candidate.url()).searchParams.has('filter[type]'),
      ),
      page.evaluate<number>(CLICK_UNTIL_ROWS_PAINTED),
    ]);
    if (run < 0) continue;
    clicks.push(elapsed);
    // A URL the page has not asked before, as the click's was: the browser's CORS preflight is
    // cached per URL, and the app pays it on every folder's first page too.
    fetches.push(await page.evaluate<number>(fetchOnce(`${request.url()}&bench=${run}`)));
  }
  return [
    result(
      'app folder click to first rows painted, 5,000-item folder (baseline: the same contents request, fetched bare from the page)',
      median(clicks),
      'ms',
      median(fetches),
    ),
  ];
}

// In-page code is kept as text: tsx would otherwise add helpers (`__name`) the page does not have.

/** Clicks Archive, and times until its first row is in the DOM and a frame has been painted. */
const CLICK_UNTIL_ROWS_PAINTED = `new Promise((resolve, reject) => {
  const link = Array.from(document.querySelectorAll('[role=grid] a')).find((anchor) => anchor.textContent === 'Archive');
  if (!link) return reject(new Error('no Archive link'));
  const start = performance.now();
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[role=grid] [role=rowheader] a[title="record-0001.txt"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
  });
  observer.observe(document.body, { childList: true, subtree: true });
  link.click();
})`;

const TOKEN = `JSON.parse(sessionStorage.getItem('ddm.session') || '{}').state.session.accessToken`;

/** One request for a URL from the page, with the session's token, read to the end. */
const fetchOnce = (url: string) => `(async () => {
  const start = performance.now();
  const response = await fetch(${JSON.stringify(url)}, { headers: { Authorization: 'Bearer ' + ${TOKEN} } });
  await response.json();
  return performance.now() - start;
})()`;

/** How many rows the platform gives in its largest page. */
const largestPage = (contentsUrl: string) => `(async () => {
  const response = await fetch(${JSON.stringify(contentsUrl + '?page%5Blimit%5D=200')}, { headers: { Authorization: 'Bearer ' + ${TOKEN} } });
  return (await response.json()).data.length;
})()`;

/** Opens Archive from a fresh Project Files; the list fills with every contents request from then on. */
async function openArchive(stack: AppStack, projectFiles: string): Promise<URL[]> {
  await freshProjectFiles(stack, projectFiles);
  const requests: URL[] = [];
  stack.page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.endsWith('/contents') && !url.searchParams.has('filter[type]'))
      requests.push(url);
  });
  await stack.page.getByRole('grid').getByRole('link', { name: 'Archive', exact: true }).click();
  await stack.page.getByRole('grid').getByRole('rowheader', { name: 'record-0001.txt' }).waitFor();
  return requests;
}

async function countScrollRequests(stack: AppStack, projectFiles: string): Promise<BenchResult[]> {
  const { page } = stack;
  const scrolled = await openArchive(stack, projectFiles);
  const pageSize = await page.evaluate<number>(largestPage(`${scrolled[0]!.origin}${scrolled[0]!.pathname}`));
  const grid = page.getByRole('grid');
  const last = grid.getByRole('rowheader', { name: 'record-5000.txt' });
  await grid.hover();
  // A screenful at a time, as Page Down or a wheel would, waiting for each screen's rows.
  while (!(await last.isVisible())) {
    await page.mouse.wheel(0, 700);
    await page.waitForFunction("!document.querySelector('[role=grid] .animate-pulse')");
  }
  const scrolledCount = scrolled.length;

  const jumps: number[] = [];
  for (let run = 0; run < 3; run++) {
    const jumped = await openArchive(stack, projectFiles);
    const before = jumped.length;
    await grid.getByRole('rowheader', { name: 'record-0001.txt' }).click();
    await page.keyboard.press('Control+End');
    await last.waitFor();
    jumps.push(jumped.length - before);
  }

  return [
    result(
      'app requests per 1,000 rows scrolled, a screenful at a time (baseline: 1,000 ÷ largest page)',
      (scrolledCount * 1000) / ARCHIVE_ROWS,
      'requests',
      1000 / pageSize,
    ),
    result(
      'app requests to jump from the first to the last of 5,000 rows, median of 3 (baseline: one page)',
      median(jumps),
      'requests',
      1,
    ),
  ];
}
