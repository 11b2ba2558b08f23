import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

export const WEB_DIST_DIR = fileURLToPath(new URL('../../../web/dist', import.meta.url));
const MANIFEST = `${WEB_DIST_DIR}/.vite/manifest.json`;
/** The islands entry's key in Vite's manifest (packages/web/README.md). */
const ISLANDS_ENTRY = 'src/main.tsx';

export interface WebAssets {
  scripts: string[];
  styles: string[];
}

/** The built islands bundle's URLs; none when the web package has not been built. */
export async function loadWebAssets(): Promise<WebAssets> {
  let manifest: Record<string, { file: string; css?: string[] }>;
  try {
    manifest = JSON.parse(await fs.readFile(MANIFEST, 'utf8'));
  } catch {
    process.emitWarning(`No web build at ${MANIFEST}: pages render without islands. Run \`npm run build\`.`);
    return { scripts: [], styles: [] };
  }
  const entry = manifest[ISLANDS_ENTRY];
  if (!entry) return { scripts: [], styles: [] };
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((c) => `/${c}`) };
}
