import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The style guide promises rules that lint enforces: planted offences must fail `npm run lint`, with
// the project's own ESLint settings (a rule that resolves no TypeScript file reports nothing).
const root = path.resolve(import.meta.dirname, '..');
const probe = path.join(root, 'platform', `lint-probe-${process.pid}`);

afterAll(() => rmSync(probe, { recursive: true, force: true }));

async function ruleErrors(files: Record<string, string>, ruleId: string) {
  mkdirSync(probe, { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(probe, name), text);
  const results = await new ESLint({ cwd: root }).lintFiles(Object.keys(files).map((name) => path.join(probe, name)));
  return results.flatMap((result) =>
    result.messages.filter((message) => message.ruleId === ruleId && message.severity === 2),
  );
}

describe('lint', () => {
  it('refuses an import cycle between two platform modules', { timeout: 120_000 }, async () => {
    const cycles = await ruleErrors(
      {
        'first.ts': "import { second } from './second';\nexport const first = () => second;\n",
        'second.ts': "import { first } from './first';\nexport const second = () => first;\n",
      },
      'import-x/no-cycle',
    );
    expect(cycles).toHaveLength(2);
  });

  it('refuses production code that imports test support, and lets a test import it', { timeout: 120_000 }, async () => {
    const refused = await ruleErrors(
      {
        'production.ts':
          "import { FakeTranslator } from '../testing/fake-translator';\nexport const translator = FakeTranslator;\n",
        'production.test.ts':
          "import { FakeTranslator } from '../testing/fake-translator';\nexport const translator = FakeTranslator;\n",
      },
      'import-x/no-restricted-paths',
    );
    expect(refused.map((message) => message.message)).toEqual([
      expect.stringContaining('Test support (platform/testing) is for tests only'),
    ]);
  });
});
