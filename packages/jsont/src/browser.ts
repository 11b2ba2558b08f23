/**
 * The engine for browsers: the same API as index.ts without the generated-code tier. Templates
 * run as closures, which a Content-Security-Policy without 'unsafe-eval' allows and which every
 * template's first render uses anyway; browsers render a template a few times, not thousands.
 */
export * from './engine.js';
