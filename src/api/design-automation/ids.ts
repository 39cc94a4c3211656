/**
 * Design Automation ids: `Owner.Name+Alias` when qualified, `Name` in the paths of versions, aliases
 * and deletes. Lists answer with qualified ids, one per alias, `$LATEST` included.
 */

export interface DaId {
  owner: string;
  name: string;
  alias: string;
}

const QUALIFIED = /^([A-Za-z0-9_]+)\.([A-Za-z0-9_]+)\+([$A-Za-z0-9_]+)$/;

export function parseDaId(id: string): DaId | null {
  const match = QUALIFIED.exec(id);
  return match ? { owner: match[1]!, name: match[2]!, alias: match[3]! } : null;
}

export const qualifiedId = ({ owner, name, alias }: DaId) => `${owner}.${name}+${alias}`;

/** One appbundle or activity of a list: its owner and name, with the aliases the list named. */
export interface DaListedItem {
  owner: string;
  name: string;
  aliases: string[];
}

/** Groups a list's qualified ids by owner and name, so each item shows once with its aliases. */
export function groupIds(ids: readonly string[]): DaListedItem[] {
  const items = new Map<string, DaListedItem>();
  for (const id of ids) {
    const parsed = parseDaId(id);
    if (!parsed) continue;
    const key = `${parsed.owner}.${parsed.name}`;
    const item = items.get(key) ?? { owner: parsed.owner, name: parsed.name, aliases: [] };
    item.aliases.push(parsed.alias);
    items.set(key, item);
  }
  return [...items.values()].sort((a, b) => a.owner.localeCompare(b.owner) || a.name.localeCompare(b.name));
}

/** Owned items are those of the app's own name (its nickname, or its client id when it has none). */
export function splitByOwner(
  items: readonly DaListedItem[],
  owner: string,
): { owned: DaListedItem[]; shared: DaListedItem[] } {
  return { owned: items.filter((item) => item.owner === owner), shared: items.filter((item) => item.owner !== owner) };
}

/** The alias a run should use: `prod` or another named one before `$LATEST`, which workitems may not reference. */
export function preferredAlias(aliases: readonly string[]): string | undefined {
  return aliases.find((alias) => alias !== '$LATEST');
}
