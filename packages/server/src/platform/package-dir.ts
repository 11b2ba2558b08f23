import fs from 'node:fs';

/** The server package's own name, which marks its folder. */
const PACKAGE_NAME = '@storefront/server';

/**
 * The server package's folder (ends with a slash), found by walking up from this module: the same
 * code runs from src/ (tsx, tests) and bundled into dist/ (npm start), at different depths.
 */
function findPackageDir(): URL {
  let dir = new URL('.', import.meta.url);
  for (;;) {
    const manifest = new URL('package.json', dir);
    if (fs.existsSync(manifest) && JSON.parse(fs.readFileSync(manifest, 'utf8')).name === PACKAGE_NAME)
      return dir;
    const parent = new URL('..', dir);
    if (parent.href === dir.href) throw new Error(`No ${PACKAGE_NAME} package.json above ${import.meta.url}`);
    dir = parent;
  }
}

export const SERVER_PACKAGE_DIR = findPackageDir();
