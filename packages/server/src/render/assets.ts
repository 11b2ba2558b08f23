import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { SERVER_PACKAGE_DIR } from '../platform/package-dir.js';

export const WEB_DIST_DIR = fileURLToPath(new URL('../web/dist', SERVER_PACKAGE_DIR));
const MANIFEST = `${WEB_DIST_DIR}/.vite/manifest.json`;
/** The islands entry's key in Vite's manifest (packages/web/README.md). */
const ISLANDS_ENTRY = 'src/main.tsx';
/** The owner's area is its own build with its own manifest (packages/web/README.md). */
const CONFIG_MANIFEST = `${WEB_DIST_DIR}/.vite/config-manifest.json`;
const CONFIG_ENTRY = 'src/config/main.tsx';

export interface WebAssets {
  scripts: string[];
  styles: string[];
}

async function loadEntry(manifestPath: string, key: string, what: string): Promise<WebAssets> {
  let manifest: Record<string, { file: string; css?: string[] }>;
  try {
    manifest = JSON.parse(await fs.readFile(manifestPath, 'utf8'));
  } catch {
    process.emitWarning(`No web build at ${manifestPath}: ${what}. Run \`npm run build\`.`);
    return { scripts: [], styles: [] };
  }
  const entry = manifest[key];
  if (!entry) return { scripts: [], styles: [] };
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((c) => `/${c}`) };
}

/** The built islands bundle's URLs; none when the web package has not been built. */
export function loadWebAssets(): Promise<WebAssets> {
  return loadEntry(MANIFEST, ISLANDS_ENTRY, 'pages render without islands');
}

/** The built owner's area bundle's URLs; none when the web package has not been built. */
export function loadConfigAssets(): Promise<WebAssets> {
  return loadEntry(CONFIG_MANIFEST, CONFIG_ENTRY, 'the owner’s area at /config has no app');
}
