import { Readable } from 'node:stream';
import type { SeedContext } from './store-file';

/** What `platform/automation/examples.ts` ships: an appbundle's zip and the activity that runs it. */
export interface AutomationExample {
  /** The appbundle's and the activity's unqualified name. */
  name: string;
  engine: string;
  description: string;
  zip: Uint8Array;
  activity(
    owner: string,
    alias: string,
  ): {
    id: string;
    engine: string;
    description?: string;
    commandLine: string[];
    parameters: object;
    appbundles: string[];
  };
}

/** The demo app's Design Automation name, so its ids read `DesignDataManager.IfcPropertiesCsv+prod`. */
export const DEMO_NICKNAME = 'DesignDataManager';
const ALIAS = 'prod';

/**
 * Registers each example for `clientId` as the API would: the appbundle with its zip and the activity,
 * each with the alias `prod` on version 1. Safe to run on every start: an example already there is left
 * as it is. The nickname is set only while the app owns no Design Automation data.
 */
export async function registerAutomationExamples(
  ctx: SeedContext,
  clientId: string,
  examples: readonly AutomationExample[],
): Promise<string[]> {
  const { stores } = ctx;
  if (!(await stores.daApps.find(clientId))?.nickname) await stores.daApps.setNickname(clientId, DEMO_NICKNAME, null);
  const owner = await stores.daApps.ownerOf(clientId);
  const activities: string[] = [];
  for (const example of examples) {
    const now = ctx.clock.now();
    const bundle = { kind: 'appbundle' as const, owner, name: example.name };
    if (
      await stores.daItems.create(
        bundle,
        clientId,
        example.engine,
        { engine: example.engine, description: example.description },
        now,
      )
    ) {
      const written = await ctx.blobs.write(Readable.from([example.zip]), {
        maxBytes: example.zip.length,
        expectedBytes: example.zip.length,
      });
      await stores.daItems.setPackage(bundle, 1, written, now);
      await stores.daItems.createAlias(bundle, { alias: ALIAS, version: 1, receiver: null }, now, 100);
    }
    const { id: _id, ...definition } = example.activity(owner, ALIAS);
    const activity = { kind: 'activity' as const, owner, name: example.name };
    if (await stores.daItems.create(activity, clientId, example.engine, definition, now)) {
      await stores.daItems.createAlias(activity, { alias: ALIAS, version: 1, receiver: null }, now, 100);
    }
    activities.push(`${owner}.${example.name}+${ALIAS}`);
  }
  return activities;
}
