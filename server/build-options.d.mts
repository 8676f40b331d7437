import type { BuildOptions } from 'esbuild';

export declare const SERVER_ENTRIES: Record<string, string>;
export declare const SERVER_BUNDLE_OPTIONS: BuildOptions & { entryPoints: Record<string, string> };
