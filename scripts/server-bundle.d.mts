import type { BuildOptions } from 'esbuild';

export const BUNDLED_PACKAGES: string[];
export const SERVER_BUNDLE_OPTIONS: BuildOptions;
