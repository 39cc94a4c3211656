import { ApsConfiguration, SdkManagerBuilder, StaticAuthenticationProvider } from '@aps_sdk/autodesk-sdkmanager';
import { ModelDerivativeClient } from '@aps_sdk/model-derivative';
import type { Translator } from '../translation/engine-types';
import { createWorkerPool } from '../translation/pool';
import { listen } from './listen';
import { createTestPlatform, type TestPlatform } from './test-platform';

/** A listening platform that runs the real engine in a worker process, for the official client. */
export interface SdkEnginePlatform {
  platform: TestPlatform;
  url: string;
  /** `@aps_sdk/model-derivative` pointed at the platform, sending `token`. */
  client(token: string): ModelDerivativeClient;
  close(): Promise<void>;
}

export async function startSdkEnginePlatform(): Promise<SdkEnginePlatform> {
  const translator: Translator = createWorkerPool({ workers: 1, timeoutMs: 120_000, memoryMb: 2048 });
  const platform = await createTestPlatform({}, { translator });
  const server = await listen(platform);
  return {
    platform,
    url: server.url,
    client(token) {
      const config = new ApsConfiguration({});
      // A string base without a trailing slash (sdk-clients.md §1): paths arrive as /modelderivative/v2/….
      config.BaseAddress = server.url as unknown as URL;
      const sdkManager = SdkManagerBuilder.create().addApsConfiguration(config).build();
      return new ModelDerivativeClient({ sdkManager, authenticationProvider: new StaticAuthenticationProvider(token) });
    },
    async close() {
      await server.close();
      await platform.close();
      await translator.close();
    },
  };
}
