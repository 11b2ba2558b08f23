import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeShared } from '../../../test-support/shared.js';
import { compile } from '../src/browser.js';
import { EXPECTED_FAILURES } from './conformance-known.js';
import { loadFixtures } from './fixtures.js';

/**
 * The browser entry (package.json "exports" browser condition) has the whole engine but no
 * generated-code tier: every render runs closures and nothing builds code with `new Function`.
 * Vitest gives each test file its own modules, so the Node entry's tier is not installed here.
 */
describeShared('browser entry', () => {
  const RealFunction = globalThis.Function;
  let built = 0;

  beforeAll(() => {
    globalThis.Function = new Proxy(RealFunction, {
      construct(target, args) {
        built++;
        return Reflect.construct(target, args);
      },
    });
  });
  afterAll(() => {
    globalThis.Function = RealFunction;
  });

  it('renders every passing conformance fixture the same on repeated renders, without new Function', () => {
    let rendered = 0;
    for (const f of loadFixtures()) {
      if (EXPECTED_FAILURES[f.name]) continue;
      const t = compile(f.template, { partials: f.partials });
      const options = { now: Date.now(), ...f.params, injects: f.injects };
      for (let i = 0; i < 3; i++)
        expect(t.render(f.json, options).output.trim(), f.name).toBe(f.output.trim());
      rendered++;
    }
    expect(rendered).toBeGreaterThan(400);
    expect(built).toBe(0);
  });
});
