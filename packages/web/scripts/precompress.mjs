// Writes .br and .gz beside every built JS and CSS file so the server sends them without
// compressing on each request (@fastify/static preCompressed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
let files = 0;
for (const name of fs.readdirSync(dir)) {
  if (!/\.(js|css|svg)$/.test(name)) continue;
  const source = fs.readFileSync(path.join(dir, name));
  fs.writeFileSync(
    path.join(dir, `${name}.br`),
    zlib.brotliCompressSync(source, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY },
    }),
  );
  fs.writeFileSync(path.join(dir, `${name}.gz`), zlib.gzipSync(source, { level: 9 }));
  files += 1;
}
console.log(`precompressed ${files} files in ${dir}`);
