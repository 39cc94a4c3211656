import path from 'node:path';
import type { LauncherKind } from './catalog';
import { RunFailure } from './run-failure';

/** What `$(...)` variables of a command line expand to: absolute paths. */
export interface CommandLineContext {
  enginePath: string;
  args: Record<string, string>;
  appbundles: Record<string, string>;
  settings: Record<string, string>;
}

export interface Command {
  launcher: LauncherKind;
  /** The tokens after the launcher, expanded. */
  args: string[];
}

/**
 * Splits a command line as Windows programs split theirs (CommandLineToArgvW), since activities are
 * written for Windows engines: spaces separate outside double quotes; 2n backslashes before a quote
 * are n backslashes and the quote opens or closes, 2n+1 are n and a literal quote; `""` inside quotes
 * is a literal quote; other backslashes are literal.
 */
export function tokenize(line: string): string[] {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i] as string;
    if (char === '\\') {
      let count = 0;
      while (line[i + count] === '\\') count++;
      i += count - 1;
      inToken = true;
      if (line[i + 1] !== '"') current += '\\'.repeat(count);
      else {
        current += '\\'.repeat(Math.floor(count / 2));
        if (count % 2 === 1) {
          current += '"';
          i++;
        }
      }
    } else if (char === '"') {
      inToken = true;
      if (quoted && line[i + 1] === '"') {
        current += '"';
        i++;
      } else quoted = !quoted;
    } else if ((char === ' ' || char === '\t') && !quoted) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += char;
      inToken = true;
    }
  }
  if (inToken) tokens.push(current);
  return tokens;
}

const VARIABLE = /\$\(([^)]*)\)/g;
const NAMED = /^(args|appbundles|settings)\[([^\]]+)\]\.path$/;

function expand(token: string, context: CommandLineContext): string {
  return token.replace(VARIABLE, (whole, name: string) => {
    if (name === 'engine.path') return context.enginePath;
    const named = NAMED.exec(name);
    const value = named ? context[named[1] as 'args' | 'appbundles' | 'settings'][named[2] as string] : undefined;
    if (value === undefined) {
      const known = named
        ? Object.keys(context[named[1] as 'args' | 'appbundles' | 'settings']).join(', ') || 'none'
        : '';
      throw new RunFailure(
        'failedInstructions',
        `The command line's variable ${whole} names nothing this activity has${named ? ` (${named[1]}: ${known})` : ''}.`,
      );
    }
    return value;
  });
}

/**
 * Expands one entry of an activity's `commandLine` into the launcher and its arguments. Backslashes
 * of the command line's own text become slashes (Windows paths written for the real engines), but
 * not those of what variables expand to. The first token must name a launcher of the engine inside
 * `$(engine.path)`; options for the launcher are the engine's to set, never the command line's.
 */
export function parseCommandLine(
  line: string,
  context: CommandLineContext,
  launchers: Record<string, LauncherKind>,
  cwd: string,
): Command {
  const tokens = tokenize(line).map((token) => expand(token.replaceAll('\\', '/'), context));
  const [first, ...rest] = tokens;
  const program = first === undefined ? undefined : path.resolve(cwd, first);
  const launcher =
    program && path.dirname(program) === path.resolve(context.enginePath)
      ? launchers[path.basename(program)]
      : undefined;
  if (!launcher) {
    const names = Object.keys(launchers)
      .map((name) => `$(engine.path)/${name}`)
      .join(' or ');
    throw new RunFailure(
      'failedInstructions',
      `The command line must start with ${names}; it starts with "${first ?? ''}".`,
    );
  }
  if (launcher === 'node') {
    if (rest[0]?.startsWith('-'))
      throw new RunFailure(
        'failedInstructions',
        `The engine sets Node.js's options itself; the command line names the script first, not "${rest[0]}".`,
      );
    if (rest.length === 0)
      throw new RunFailure('failedInstructions', 'The command line names no script for Node.js to run.');
  }
  return { launcher, args: rest };
}

/** How the report shows a command line once expanded. */
export function showCommandLine(launcherPath: string, args: string[]): string {
  const quote = (token: string) => (/[\s"]/.test(token) || token === '' ? `"${token.replaceAll('"', '\\"')}"` : token);
  return [launcherPath, ...args].map(quote).join(' ');
}
