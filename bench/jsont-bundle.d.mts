import type { Metafile } from 'esbuild';

export const BUDGET_BYTES: number;
export const JSONT_SRC: string;
export const JSONT_PACKAGE: string;
export function gzip(code: Uint8Array): number;
export function bundle(entry: string): Promise<{
  code: Uint8Array;
  text: string;
  map: { sources: string[]; mappings: string };
  gzip: number;
  metafile: Metafile;
}>;
