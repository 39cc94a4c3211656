import { EMITTED_EVENTS } from '../../../contracts/webhooks';
import { eventPatternMatches } from './delivery/matcher';

/** One documented event and the scope keys a hook on it may name. */
export interface CatalogueEvent {
  name: string;
  scopes: readonly string[];
}

const group = (scopes: readonly string[], names: readonly string[]): CatalogueEvent[] =>
  names.map((name) => ({ name, scopes }));

const crud = (nouns: readonly string[]) =>
  nouns.flatMap((noun) => ['created', 'updated', 'deleted'].map((verb) => `${noun}.${verb}-1.0`));

/**
 * The systems and events the service documents (digest §6, the OpenAPI file's enums), with their
 * scope keys. `data` and `derivative` fire; the others are accepted, stored and listed, never fired.
 * Tandem's scope depends on the event: the facility (`twinUrn`) or the model (`modelUrn`).
 */
export const CATALOGUE: Readonly<Record<string, readonly CatalogueEvent[]>> = {
  data: group(['folder'], EMITTED_EVENTS['data'] ?? []),
  derivative: group(['workflow'], EMITTED_EVENTS['derivative'] ?? []),
  'adsk.c4r': group(['folder'], ['model.sync', 'model.publish']),
  'adsk.flc.production': [
    ...group(['workspace'], ['item.clone', 'item.create', 'item.lock', 'item.release', 'item.unlock', 'item.update']),
    ...group(['workflow.transition'], ['workflow.transition']),
  ],
  'autodesk.construction.cost': [
    ...group(
      ['project'],
      crud([
        'budget',
        'budgetPayment',
        'contract',
        'cor',
        'costPayment',
        'expense',
        'expenseItem',
        'mainContract',
        'mainContractItem',
        'oco',
        'pco',
        'rfq',
        'scheduleOfValue',
        'sco',
      ]),
    ),
    ...group(['account'], ['project.initialized-1.0']),
  ],
  'autodesk.construction.bc': group(
    ['project'],
    [
      'bid.created',
      'opportunity.comment.created',
      'opportunity.comment.deleted',
      'opportunity.comment.updated',
      'opportunity.created',
      'opportunity.status.updated',
    ],
  ),
  'autodesk.construction.issues': group(
    ['project'],
    ['issue.created-1.0', 'issue.updated-1.0', 'issue.deleted-1.0', 'issue.restored-1.0', 'issue.unlinked-1.0'],
  ),
  'adsk.tandem': [
    ...group(['twinUrn'], ['dt.alert', 'dt.applyTemplate', 'dt.removeTemplate']),
    ...group(['modelUrn'], ['dt.mutation']),
  ],
};

export const isKnownSystem = (system: string): boolean => Object.hasOwn(CATALOGUE, system);

// Event names are dotted words; a pattern may put `*` (one or more characters) anywhere.
const EVENT_PATTERN = /^[A-Za-z0-9.*-]{1,100}$/;

/** The catalogue's events of `system` that `event` (a name or a pattern) covers: none when it names nothing. */
export function eventsCovered(system: string, event: string): CatalogueEvent[] {
  if (!EVENT_PATTERN.test(event)) return [];
  return (CATALOGUE[system] ?? []).filter((entry) => eventPatternMatches(event, entry.name));
}
