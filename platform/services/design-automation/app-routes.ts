import { Hono, type MiddlewareHandler } from 'hono';
import type { DaEngine, DaHealth, DaNicknameRecord, DaPage, DaShare } from '../../../contracts/design-automation';
import { designAutomationError } from '../../http/errors';
import type { DaPublicKey } from '../../storage/repos/da-apps';
import { callerOf, type Caller, type DaEnv } from './access';
import { field, isObject, objectBody, optionalText, readJson } from './body';
import { engineProduct, type DaContext } from './context';
import { isName, shown } from './ids';
import { freeBlobs } from './items';
import { PAGE_SIZE, pageOf, pagePosition } from './paging';
import { serviceLimits, updateServiceLimits } from './service-limits';

function requireSelf(caller: Caller, id: string): void {
  if (id !== 'me' && id !== caller.clientId && id !== caller.owner)
    throw designAutomationError(403, `Only this app's own settings may be used here: use 'me', not '${shown(id)}'.`);
}

function publicKeyOf(value: unknown): DaPublicKey | null {
  if (value === undefined || value === null) return null;
  const exponent = isObject(value) ? optionalText(field(value, 'Exponent'), 'publicKey.Exponent', 2048) : undefined;
  const modulus = isObject(value) ? optionalText(field(value, 'Modulus'), 'publicKey.Modulus', 4096) : undefined;
  if (!exponent || !modulus || !/^[A-Za-z0-9+/=]+$/.test(exponent + modulus)) {
    throw designAutomationError(400, { publicKey: ['publicKey must be {Exponent, Modulus}, both base64.'] });
  }
  return { Exponent: exponent, Modulus: modulus };
}

/** `forgeapps`, `servicelimits`, `shares` and `engines`: the app's own settings and what the service offers. */
export function appRoutes(da: DaContext, guard: MiddlewareHandler<DaEnv>) {
  // Mounted beside other routes: the guard goes on each route, not on every path.
  const router = new Hono<DaEnv>();

  router.get('/forgeapps/:id', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('id'));
    const app = await da.stores.daApps.find(caller.clientId);
    // The bare name, or the record once a public key is registered (as the recorded traffic shows).
    if (!app?.publicKey) return c.json(caller.owner);
    return c.json({ nickname: caller.owner, publicKey: app.publicKey } satisfies DaNicknameRecord);
  });
  router.patch('/forgeapps/:id', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('id'));
    const body = objectBody(await readJson(c));
    const nickname = field(body, 'nickname');
    if (!isName(nickname))
      throw designAutomationError(400, {
        nickname: ['The nickname is required: 1 to 128 letters, digits and underscores.'],
      });
    const change = await da.stores.daApps.setNickname(caller.clientId, nickname, publicKeyOf(field(body, 'publicKey')));
    if (change === 'taken')
      throw designAutomationError(409, `The nickname '${nickname}' is already in use by another app.`);
    if (change === 'has-data') {
      throw designAutomationError(
        409,
        'The nickname cannot be set while this app owns appbundles or activities: DELETE /forgeapps/me removes them, and the nickname, first.',
      );
    }
    return c.body(null, 200);
  });
  router.delete('/forgeapps/:id', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('id'));
    await freeBlobs(da, await da.stores.daApps.deleteAll(caller.clientId));
    return c.body(null, 200);
  });

  router.get('/servicelimits/:owner', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('owner'));
    return c.json(serviceLimits(da.engines, (await da.stores.daApps.find(caller.clientId))?.limits));
  });
  router.put('/servicelimits/:owner', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('owner'));
    return c.json(await updateServiceLimits(da, caller.clientId, await readJson(c)));
  });
  router.delete('/servicelimits/:owner', guard, async (c) => {
    const caller = await callerOf(da, c);
    requireSelf(caller, c.req.param('owner'));
    await da.stores.daApps.resetLimits(caller.clientId);
    return c.body(null, 204);
  });

  router.get('/shares', guard, async (c) => {
    const caller = await callerOf(da, c);
    const isPosition = (value: unknown): value is { kind: string; name: string; alias: string } =>
      isObject(value) &&
      typeof value['kind'] === 'string' &&
      typeof value['name'] === 'string' &&
      typeof value['alias'] === 'string';
    const rows = await da.stores.daItems.shares(
      caller.owner,
      pagePosition(c.req.query('page'), isPosition),
      PAGE_SIZE + 1,
    );
    return c.json(
      pageOf(
        rows,
        (row): DaShare => ({
          id: `${row.name}+${row.alias}`,
          receiver: row.receiver,
          type: row.kind === 'activity' ? 'activity' : 'app',
        }),
        (row) => ({ kind: row.kind, name: row.name, alias: row.alias }),
      ),
    );
  });

  router.get('/engines', guard, (c) => {
    const after =
      pagePosition(
        c.req.query('page'),
        (value): value is number => Number.isInteger(value) && (value as number) >= 0,
      ) ?? 0;
    const rows = da.engines
      .slice(after, after + PAGE_SIZE + 1)
      .map((engine, index) => ({ id: engine.id, index: after + index + 1 }));
    return c.json(
      pageOf(
        rows,
        (row) => row.id,
        (row) => row.index,
      ) satisfies DaPage<string>,
    );
  });
  router.get('/engines/:id', guard, (c) => {
    const engine = da.engines.find((known) => known.id === c.req.param('id'));
    if (!engine) throw designAutomationError(404, `Engine '${shown(c.req.param('id'))}' was not found.`);
    return c.json({
      id: engine.id,
      description: engine.description,
      productVersion: engine.productVersion,
      version: engine.version,
    } satisfies DaEngine);
  });
  return router;
}

/** `GET /health/{engine}`, which the official client calls without a token. */
export function healthRoutes(da: DaContext) {
  const router = new Hono();
  router.get('/health/:engine', (c) => {
    const product = c.req.param('engine').toLowerCase();
    const engines = da.engines.filter((engine) => engineProduct(engine.id).toLowerCase() === product);
    if (!engines.length) throw designAutomationError(404, `Engine '${shown(c.req.param('engine'))}' was not found.`);
    const Status = engines.some((engine) => engine.runsLocally)
      ? 'Fully Operational'
      : 'Not available on this platform';
    return c.json({ Status } satisfies DaHealth);
  });
  return router;
}
