import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BLOB_FLAGS } from '../platform/cli/blob-options';
import { USAGE } from '../platform/cli/usage';

/**
 * Keeps the documentation true to the code: every flag the command line accepts is documented in
 * docs/operating/, every relative link resolves, and the README stays a README.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The files whose option parsers define what the command line accepts (parseArgs option objects). */
const PARSERS = [
  'platform/cli/serve-options.ts',
  'platform/cli/worker-options.ts',
  'platform/cli/admin.ts',
  'platform/cli/gateway-options.ts',
  'platform/main.ts',
  'scripts/start.ts',
];

/** `name: { type: 'string' }` and `'name': { type: … }` keys, and `'--name'` literals the parsers test for. */
function flagsOf(source: string): string[] {
  const keys = [...source.matchAll(/['"]?([a-z][a-z0-9-]*)['"]?\s*:\s*\{\s*type:\s*'(?:string|boolean)'/g)].map(
    (match) => match[1]!,
  );
  const literals = [...source.matchAll(/'--([a-z][a-z0-9-]*)'/g)].map((match) => match[1]!);
  return [...keys, ...literals];
}

function commandLineFlags(): string[] {
  const fromParsers = PARSERS.flatMap((file) => flagsOf(read(file)));
  const fromBlobs = Object.keys(BLOB_FLAGS);
  // The usage text names flags too; `--s3-*` is a wildcard, not a flag.
  const fromUsage = [...USAGE.matchAll(/--([a-z][a-z0-9-]*[a-z0-9])(?![a-z0-9-]|-\*)/g)].map((match) => match[1]!);
  return [...new Set([...fromParsers, ...fromBlobs, ...fromUsage])].map((name) => `--${name}`).sort();
}

function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/** Markdown without its fenced code blocks and code spans, where a bracket is not a link. */
function prose(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  const withoutFences = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const match of withoutFences.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = match[1]!
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(slug) ?? 0;
    counts.set(slug, seen + 1);
    anchors.add(seen ? `${slug}-${seen}` : slug);
  }
  return anchors;
}

const DOCUMENTS = ['README.md', 'CHANGELOG.md', 'bench/RESULTS.md', ...markdownFiles('docs')];

describe('the documentation', () => {
  it('documents every flag of the command line in docs/operating/', () => {
    const operating = markdownFiles('docs/operating').map(read).join('\n');
    const flags = commandLineFlags();
    // The extraction finds the parsers' flags at all (a guard against a regex that matches nothing).
    expect(flags).toEqual(
      expect.arrayContaining([
        '--port',
        '--s3-bucket',
        '--direct-io',
        '--client-id',
        '--job-lease',
        '--skip-build',
        '--member',
        '--help',
      ]),
    );
    const missing = flags.filter((flag) => !new RegExp(`${flag}(?![a-z0-9-])`).test(operating));
    expect(missing, 'flags the command line accepts but docs/operating/ does not mention').toEqual([]);
  });

  it('has no relative link that leads nowhere', () => {
    const broken: string[] = [];
    for (const document of DOCUMENTS) {
      const text = read(document);
      for (const match of prose(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        const [file = '', anchor] = target.split('#');
        const resolved = file
          ? path.join(path.dirname(path.join(ROOT, document)), decodeURIComponent(file))
          : path.join(ROOT, document);
        if (!existsSync(resolved)) {
          broken.push(`${document}: ${target} (no such file)`);
          continue;
        }
        if (
          anchor &&
          resolved.endsWith('.md') &&
          statSync(resolved).isFile() &&
          !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)
        ) {
          broken.push(`${document}: ${target} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('keeps the README within 10 KB, with the Quick start CI runs', () => {
    const readme = read('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(10_240);
    expect(readme).toContain('npm install && npm start\nnpm install && npm test\n');
    expect(readme).toContain('](docs/screenshot.png)');
  });
});
