import type { IfcAPI } from 'web-ifc';
import { webIfc } from './web-ifc';

let shared: Promise<IfcAPI> | undefined;

/**
 * The thread's one web-ifc instance. Init costs about 0.6 s and 150 MB, so a long-lived worker pays
 * it once; web-ifc's single-threaded build, because a job's second core is better spent reading the
 * properties alongside (ifc-thread.ts), and two jobs at once have a core each (translation-tooling.md).
 */
export function ifcApi(): Promise<IfcAPI> {
  shared ??= (async () => {
    const api = new webIfc.IfcAPI();
    await api.Init(undefined, true);
    // web-ifc logs every geometry it cannot triangulate to the console; the reader reports them instead.
    api.SetLogLevel(webIfc.LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return shared;
}

/** Opens a model, hands it to `use`, and always closes it so a worker that reads many files does not leak. */
export async function withIfcModel<T>(
  bytes: Uint8Array,
  use: (api: IfcAPI, modelId: number) => T | Promise<T>,
): Promise<T> {
  const api = await ifcApi();
  const modelId = api.OpenModel(bytes);
  if (modelId < 0) throw new Error('web-ifc could not open it');
  try {
    return await use(api, modelId);
  } finally {
    api.CloseModel(modelId);
  }
}
