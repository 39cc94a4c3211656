import { GATEWAY_PLATFORM_NAME } from '../features/settings/platform-kind';
import { useRuntimeConfig } from '../lib/runtime-config-context';

/** Only the local platform keeps a request log; through the gateway there is none to show. */
export const useHasRequestLog = () => useRuntimeConfig().platformName !== GATEWAY_PLATFORM_NAME;
