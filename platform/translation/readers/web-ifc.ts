import { createRequire } from 'node:module';
import type * as WebIfc from 'web-ifc';

/**
 * web-ifc, required rather than imported. Its Node entry is one 6 MB CommonJS file, and an ES import
 * of CommonJS first scans the whole text for export names (cjs-module-lexer): 0.6 s of CPU in each
 * thread that loads it (a translation worker has three) against none for `require`.
 */
export const webIfc = createRequire(import.meta.url)('web-ifc') as typeof WebIfc;
