/**
 * The engine for Node and other runtimes that allow `new Function`: templates rendered more than
 * once run as generated code. Browser builds resolve `browser.ts` instead (package.json
 * "exports"), the same API on closures alone.
 */
import { generatedCode } from './codegen.js';
import { installCodeTier } from './compile.js';

installCodeTier(generatedCode);

export * from './engine.js';
