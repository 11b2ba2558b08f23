import fs from 'node:fs';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';

/** Where the committed baselines live (one small grey PNG per screen and viewport). */
export const BASELINE_DIR = path.join(import.meta.dirname, '..', 'baselines');
/** `UPDATE_BASELINES=1` rewrites the baselines from this run instead of comparing (docs/testing.md). */
export const UPDATING = process.env.UPDATE_BASELINES === '1';
/** Screenshots are compared at half size in grey: small files, and a broken layout still shows. */
const SCALE = 2;
/** pixelmatch's colour distance below which two pixels count as the same (anti-aliasing, hinting). */
const PIXEL_THRESHOLD = 0.15;
/** Share of the image that may differ before the screen counts as changed. */
export const MAX_DIFF_RATIO = 0.0005;

/** A screenshot reduced to grey at 1/SCALE size (box average), as an RGBA PNG pixelmatch reads. */
export function reduce(png: Buffer): PNG {
  const source = PNG.sync.read(png);
  const width = Math.floor(source.width / SCALE);
  const height = Math.floor(source.height / SCALE);
  const out = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      for (let dy = 0; dy < SCALE; dy++) {
        for (let dx = 0; dx < SCALE; dx++) {
          const i = ((y * SCALE + dy) * source.width + (x * SCALE + dx)) * 4;
          // Rec. 601 luma: enough to see every box, border and line of text.
          sum += 0.299 * source.data[i] + 0.587 * source.data[i + 1] + 0.114 * source.data[i + 2];
        }
      }
      const grey = Math.round(sum / (SCALE * SCALE));
      const o = (y * width + x) * 4;
      out.data[o] = out.data[o + 1] = out.data[o + 2] = grey;
      out.data[o + 3] = 255;
    }
  }
  return out;
}

function writeGrey(image: PNG, file: string): void {
  fs.writeFileSync(file, PNG.sync.write(image, { colorType: 0, inputHasAlpha: true }));
}

export interface VisualResult {
  name: string;
  /** Share of pixels that differ from the baseline (0 when the baseline was just written). */
  diffRatio: number;
  /** Where the difference image was written when the screen changed. */
  diffFile?: string;
}

/**
 * Compares a screenshot with its baseline `baselines/{name}.png`; writes the baseline when it is
 * missing or when updating. A changed screen leaves `{name}.diff.png` and `{name}.actual.png`
 * beside the baselines (git-ignored) for a look.
 */
export function compareWithBaseline(name: string, screenshot: Buffer): VisualResult {
  const actual = reduce(screenshot);
  const file = path.join(BASELINE_DIR, `${name}.png`);
  if (UPDATING || !fs.existsSync(file)) {
    fs.mkdirSync(BASELINE_DIR, { recursive: true });
    writeGrey(actual, file);
    return { name, diffRatio: 0 };
  }
  const expected = PNG.sync.read(fs.readFileSync(file));
  if (expected.width !== actual.width || expected.height !== actual.height) {
    writeGrey(actual, path.join(BASELINE_DIR, `${name}.actual.png`));
    return { name, diffRatio: 1 };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const changed = pixelmatch(expected.data, actual.data, diff.data, actual.width, actual.height, {
    threshold: PIXEL_THRESHOLD,
  });
  const diffRatio = changed / (actual.width * actual.height);
  if (diffRatio <= MAX_DIFF_RATIO) return { name, diffRatio };
  const diffFile = path.join(BASELINE_DIR, `${name}.diff.png`);
  fs.writeFileSync(diffFile, PNG.sync.write(diff));
  writeGrey(actual, path.join(BASELINE_DIR, `${name}.actual.png`));
  return { name, diffRatio, diffFile };
}
