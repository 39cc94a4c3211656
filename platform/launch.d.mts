/** A name for the platform's sources under `root` as they are now; another name once one changes. */
export declare function sourceKey(root?: string): Promise<string>;
/** The folder of the build of the sources under `root` as they are now, built into `cache` first when there is none. */
export declare function ensureBuild(root?: string, cache?: string, build?: typeof buildPlatform): Promise<string>;
/** Builds the entries under `root` into `into`, for running from `dir`. */
export declare function buildPlatform(root: string, dir: string, into: string): Promise<void>;
/** Runs the command line from the build, or from the sources under tsx when the build cannot be made. */
export declare function launch(root?: string, cache?: string): Promise<unknown>;
