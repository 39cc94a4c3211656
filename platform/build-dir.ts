// Defined by esbuild in the platform's build (`platform/launch.mjs`); not defined under tsx.
declare const PLATFORM_BUILD_DIR: string | undefined;

/**
 * The folder of the platform's build when it runs from one (`npm run platform`), so the processes and
 * threads it starts run from there too, without tsx; undefined under tsx, as in the tests.
 */
export const BUILD_DIR: string | undefined = typeof PLATFORM_BUILD_DIR === 'string' ? PLATFORM_BUILD_DIR : undefined;
