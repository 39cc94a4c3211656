import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

// The style guide promises that lint refuses import cycles: a planted one must fail `npm run lint`,
// with the project's own ESLint settings (a rule that resolves no TypeScript file reports nothing).
const root = path.resolve(import.meta.dirname, '..');
const probe = path.join(root, 'platform', `lint-probe-${process.pid}`);

afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe('lint', () => {
  it('refuses an import cycle between two platform modules', { timeout: 120_000 }, async () => {
    mkdirSync(probe, { recursive: true });
    writeFileSync(path.join(probe, 'first.ts'), "import { second } from './second';\nexport const first = () => second;\n");
    writeFileSync(path.join(probe, 'second.ts'), "import { first } from './first';\nexport const second = () => first;\n");

    const results = await new ESLint({ cwd: root }).lintFiles([path.join(probe, 'first.ts'), path.join(probe, 'second.ts')]);

    const cycles = results.flatMap((result) => result.messages.filter((message) => message.ruleId === 'import-x/no-cycle'));
    expect(cycles).toHaveLength(2);
    expect(cycles.every((message) => message.severity === 2)).toBe(true);
  });
});
