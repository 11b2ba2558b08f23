import fs from 'node:fs/promises';
import path from 'node:path';
import { newToken } from './ids.js';

/** Bytes of a generated secret: 256 bits, as the HMAC's key. */
const GENERATED_SECRET_BYTES = 32;
export const SECRET_FILE = 'secret';

/**
 * The secret that signs crumbs: SESSION_SECRET when set; otherwise one generated once and kept in
 * DATA_DIR/secret (readable by the owner only), so a restart keeps the crumbs already handed out.
 */
export async function loadSessionSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, SECRET_FILE);
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await fs.mkdir(dataDir, { recursive: true });
  try {
    // 'wx': when two instances start at once, the second reads the first one's secret.
    await fs.writeFile(file, newToken(GENERATED_SECRET_BYTES), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return (await fs.readFile(file, 'utf8')).trim();
}
