/**
 * The engine for Node and other runtimes that allow `new Function`: templates rendered more than
 * once run as generated code, and the most used formatters keep their results (memo.ts). Browser
 * builds resolve `browser.ts` instead (package.json "exports"), the same API on closures alone
 * and with plain formatters.
 */
import { generatedCode } from './codegen.js';
import { installCodeTier } from './compile.js';
import { installMemos } from './memo.js';

installCodeTier(generatedCode);
installMemos();

export * from './engine.js';
