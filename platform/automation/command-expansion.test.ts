import { describe, expect, it } from 'vitest';
import { parseCommandLine, tokenize } from './command-expansion';
import { RunFailure } from './run-failure';

describe('command lines, split as Windows programs split theirs', () => {
  it.each([
    ['a b  c', ['a', 'b', 'c']],
    ['"a b" c', ['a b', 'c']],
    ['"a ""quoted"" word"', ['a "quoted" word']],
    ['a\\b c\\\\d', ['a\\b', 'c\\\\d']],
    ['"C:\\Program Files\\x\\\\" next', ['C:\\Program Files\\x\\', 'next']],
    ['\\"literal\\" \\\\"joined here"', ['"literal"', '\\joined here']],
    ['"" empty', ['', 'empty']],
    ['x"y z"w', ['xy zw']],
    ['\ttab\tseparated ', ['tab', 'separated']],
  ])('%s', (line, tokens) => {
    expect(tokenize(line)).toEqual(tokens);
  });
});

describe('command-line expansion', () => {
  const context = {
    enginePath: '/engines/nodejs',
    args: { input: '/job/in put.ifc' },
    appbundles: { Tool: '/runs/1/bundles/Tool' },
    settings: { script: '/runs/1/settings/script' },
  };
  const launchers = { node: 'node', 'node.exe': 'node' } as const;

  it("expands the variables, maps the text's backslashes to slashes but not the paths'", () => {
    const command = parseCommandLine(
      '$(engine.path)\\node.exe "$(appbundles[Tool].path)\\main.mjs" /i "$(args[input].path)" /s "$(settings[script].path)"',
      context,
      launchers,
      '/job',
    );
    expect(command).toEqual({
      launcher: 'node',
      args: ['/runs/1/bundles/Tool/main.mjs', '/i', '/job/in put.ifc', '/s', '/runs/1/settings/script'],
    });
  });

  it.each([
    ['/usr/bin/node x.js', /must start with \$\(engine.path\)\/node or \$\(engine.path\)\/node.exe/],
    ['$(engine.path)/../nodejs/sh x', /must start with/],
    ['$(engine.path)/node --allow-fs-write=/* x.js', /sets Node.js's options itself/],
    ['$(engine.path)/node', /names no script/],
    [
      '$(engine.path)/node "$(args[other].path)"',
      /\$\(args\[other\].path\) names nothing this activity has \(args: input\)/,
    ],
    ['$(engine.path)/node "$(env.path)"', /\$\(env.path\) names nothing/],
  ])('refuses %s', (line, reason) => {
    const failure = (() => {
      try {
        parseCommandLine(line, context, launchers, '/job');
      } catch (error) {
        return error;
      }
    })();
    expect(failure).toBeInstanceOf(RunFailure);
    expect((failure as RunFailure).status).toBe('failedInstructions');
    expect((failure as RunFailure).message).toMatch(reason);
  });
});
