/** Variables that expand to paths the client chooses: since October 2020 they must stand inside double quotes. */
const PATH_VARIABLE = /\$\((?:args|appbundles)\[[^\]]*\]\.path\)/g;

/**
 * The real service's 400 for a command line with such a variable outside quotes, word for word
 * (aps.autodesk.com/blog/design-automation-command-line); undefined when the line is fine.
 */
export function quotedPathProblem(line: string): string | undefined {
  for (const match of line.matchAll(PATH_VARIABLE)) {
    const before = line.slice(0, match.index);
    const quotes = before.split('"').length - 1;
    if (quotes % 2 === 0)
      return `Invalid switch [[${JSON.stringify(line)}]]. Variables that expand to paths must be quoted. (Parameter 'commandLine')`;
  }
  return undefined;
}

/** An activity's command line as the engine takes it: one entry per command. */
export const commandLines = (commandLine: string[] | string): string[] =>
  typeof commandLine === 'string' ? [commandLine] : commandLine;
