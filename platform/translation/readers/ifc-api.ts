import { IfcAPI, LogLevel } from 'web-ifc';

let shared: Promise<IfcAPI> | undefined;

/**
 * The process's one web-ifc instance. Init costs about 0.6 s and 150 MB, so a long-lived worker pays
 * it once; single-threaded because two cores are better spent on two jobs (translation-tooling.md).
 */
export function ifcApi(): Promise<IfcAPI> {
  shared ??= (async () => {
    const api = new IfcAPI();
    await api.Init(undefined, true);
    // web-ifc logs every geometry it cannot triangulate to the console; the reader reports them instead.
    api.SetLogLevel(LogLevel.LOG_LEVEL_OFF);
    return api;
  })();
  return shared;
}

/** Opens a model, hands it to `use`, and always closes it so a worker that reads many files does not leak. */
export async function withIfcModel<T>(bytes: Uint8Array, use: (api: IfcAPI, modelId: number) => T | Promise<T>): Promise<T> {
  const api = await ifcApi();
  const modelId = api.OpenModel(bytes);
  try {
    return await use(api, modelId);
  } finally {
    api.CloseModel(modelId);
  }
}
