import type { FormatterCall, Node, OrNode, Path, PredicateCall } from './ast.js';
import {
  type CodeTier,
  type CompileOptions,
  callFailed,
  compileCondition,
  compileNode,
  compilePath,
  compileSectionPath,
  indexOf,
  inheritedName,
  newFrame,
  type Op,
  predicateTest,
  type Resolver,
  valueGetter,
} from './compile.js';
import { DEFAULT_LIMITS } from './limits.js';
import { valueMapOf } from './plugins/core/mapvalue.js';
import { isTruthy, toOutput } from './values.js';

/**
 * The generated-code tier: each block (template body, macro, partial) and each `ctx.resolve`
 * path as one JavaScript function built with `new Function`, so every call site in it sees a
 * single callee, which the JIT inlines. The Node entry (index.ts) installs it; the browser entry
 * (browser.ts) leaves it out, so browsers run the closures, as they must under a
 * Content-Security-Policy without 'unsafe-eval' and as every template's first render does.
 */

/** Above this many characters of generated source a block keeps its closures: V8 does not optimize very large functions. */
const MAX_GENERATED_SOURCE = 60_000;

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** False once `new Function` was refused (a Content-Security-Policy). */
let generating = true;

/** Generated code refers to compiled pieces (resolvers, formatter maps, nodes) by index in `K`. */
class Generator {
  readonly k: unknown[] = [];
  private depth = 0;

  constructor(private readonly opts: CompileOptions) {}

  private ref(x: unknown): string {
    return `K[${this.k.push(x) - 1}]`;
  }

  /** Statements running `nodes` in frame variable `f`, text runs merged as `closures` does. */
  nodes(nodes: readonly Node[], f: string): string {
    let code = '';
    let text = '';
    for (const n of nodes) {
      if (n.kind === 'text') text += n.text;
      else {
        if (text) code += this.emit(JSON.stringify(text), text.length);
        text = '';
        code += this.node(n, f);
      }
    }
    return text ? code + this.emit(JSON.stringify(text), text.length) : code;
  }

  /**
   * `rt.emit(value)` inline (`length` known for literal text); past the output limit `emit('')`
   * reports and stops as it does.
   */
  private emit(value: string, length?: number): string {
    return length === undefined
      ? `v=${value};rt.out+=v;if((rt.total+=v.length)>rt.maxOutput)rt.emit('');`
      : `rt.out+=${value};if((rt.total+=${length})>rt.maxOutput)rt.emit('');`;
  }

  /** `test` sets `v` to whether `body` runs; else the `{.or}` chain does. */
  private branch(test: string, body: readonly Node[], alt: OrNode | null, f: string): string {
    return `${test}if(v){${this.nodes(body, f)}}${alt ? `else{${this.chain(alt, f)}}` : ''}`;
  }

  /** An `{.or}` chain as statements. */
  private chain(alt: OrNode, f: string): string {
    return alt.predicate
      ? this.branch(this.test(alt.predicate, f), alt.body, alt.alt, f)
      : this.nodes(alt.body, f);
  }

  /** A predicate call from its own call site, as `predicateTest` runs it. */
  private test(call: PredicateCall, f: string): string {
    if (!call.impl || call.impl.notImplemented) return `v=${this.ref(predicateTest(call))}(${f},rt);`;
    return `c=${this.ref(call)};rt.frame=${f};rt.pos=c;try{v=c.impl.test(rt,c.args,c.parsed)===true}catch(e){v=F(e,c,rt,'Predicate')}`;
  }

  private condition(n: Extract<Node, { kind: 'if' }>, f: string): string {
    if (n.predicate) return this.test(n.predicate, f);
    if (n.expression === null && n.paths.length === 1) return `${this.path(n.paths[0], f, false)}v=T(v);`;
    return `v=${this.ref(compileCondition(n, this.opts))}(${f},rt);`;
  }

  /**
   * Sets `v` to a variable's value after its formatters, as `valueGetter` does; formatters that
   * work on a `vars` array take this node's (`w`), or a fresh one when the node is re-entered.
   */
  private value(paths: readonly Path[], calls: readonly FormatterCall[], f: string): string {
    if (paths.length > 1 || calls.some((c) => c.impl.notImplemented)) {
      return `v=${this.ref(valueGetter(paths, calls))}(${f},rt);`;
    }
    let chain = '';
    let slot = '';
    for (const c of calls) {
      const map = valueMapOf(c.impl);
      chain += `c=${this.ref(c)};rt.frame=${f};rt.pos=c;`;
      if (map) chain += `v=${this.ref(map)}(v,c.args,rt);`;
      else {
        slot ||= this.ref(null);
        chain += 'w[0].value=v;c.impl.apply(rt,c.args,w,c.parsed);v=w[0].value;';
      }
    }
    const get = this.path(paths[0], f, false);
    if (!chain) return get;
    const run = `try{${chain}}catch(e){F(e,c,rt,'Formatter');v=undefined}`;
    return slot
      ? `${get}w=${slot}||[{value:undefined}];${slot}=null;${run}w[0].value=undefined;${slot}=w;`
      : get + run;
  }

  /**
   * Sets `v` to a path's value. Plain names and indexes are walked inline, so each step is a
   * property load with a constant key (cheap where the data has a stable shape); `@` heads and
   * names Object.prototype has go through the compiled resolver.
   */
  private closurePath(path: Path, f: string, section: boolean): string {
    return `v=${this.ref((section ? compileSectionPath : compilePath)(path))}(${f});`;
  }

  path(path: Path, f: string, section: boolean): string {
    const [head, ...rest] = path;
    const current = head === '@';
    const plain = (k: string) => indexOf(k) >= 0 || (IDENTIFIER.test(k) && !inheritedName(k));
    if (!current && (head[0] === '@' || !plain(head))) return this.closurePath(path, f, section);
    if (!rest.every(plain)) return this.closurePath(path, f, section);
    const step = (k: string, x: string): string => {
      const i = indexOf(k);
      return i >= 0
        ? `if(${x}!==null&&typeof ${x}==='object')v=Array.isArray(${x})?${x}[${i}]:typeof(n=${x}[${i}])==='function'?undefined:n;else v=undefined;`
        : `if(${x}!==null&&typeof ${x}==='object'&&!Array.isArray(${x})){v=${x}.${k};if(typeof v==='function')v=undefined}else v=undefined;`;
    };
    let code = current
      ? `v=${f}.node;`
      : section
        ? step(head, `${f}.node`)
        : `v=undefined;for(let r=${f};r!==null;r=r.parent){n=r.node;${step(head, 'n')}if(v!==undefined||r.isolated)break}`;
    for (const k of rest) code += step(k, 'v');
    return code;
  }

  private node(n: Exclude<Node, { kind: 'text' }>, f: string): string {
    const d = ++this.depth;
    const g = `f${d}`;
    try {
      switch (n.kind) {
        case 'variable':
          return this.value(n.paths, n.formatters, f) + this.emit(`typeof v==='string'?v:O(v)`);
        case 'section': {
          const frame = `const ${g}=N(v,${f});`;
          return (
            `${this.path(n.path, f, true)}if(T(v)){rt.step(${this.ref(n)});${frame}${this.nodes(n.body, g)}}` +
            (n.alt ? `else{${frame}${this.chain(n.alt, g)}}` : '')
          );
        }
        case 'repeated': {
          const [a, i, l] = [`a${d}`, `i${d}`, `l${d}`];
          return (
            `{${this.path(n.path, f, true)}const ${a}=v;` +
            `if(Array.isArray(${a})&&${a}.length>0){const ${l}=${a}.length-1,${g}=N(undefined,${f});` +
            `for(let ${i}=0;${i}<=${l};${i}++){rt.step(${this.ref(n)});${g}.node=${a}[${i}];${g}.index=${i};${g}.vars=${g}.macros=null;` +
            `${this.nodes(n.body, g)}${n.alternates ? `if(${i}<${l}){${this.nodes(n.alternates, g)}}` : ''}}}` +
            `${n.alt ? `else{${this.chain(n.alt, f)}}` : ''}}`
          );
        }
        case 'predicate':
          return this.branch(this.test(n.predicate, f), n.body, n.alt, f);
        case 'if':
          return this.branch(this.condition(n, f), n.body, n.alt, f);
        default:
          return `${this.ref(compileNode(n, this.opts))}(${f},rt);`;
      }
    } finally {
      this.depth--;
    }
  }
}

function generatePath(path: Path): Resolver | null {
  const gen = new Generator({ limits: DEFAULT_LIMITS });
  return compiled(
    gen,
    `return function(f){let v,n;${gen.path(path, 'f', false)}return v}`,
  ) as Resolver | null;
}

/** Builds generated code, or null where `new Function` is refused (and from then on). */
function compiled(gen: Generator, source: string): unknown {
  try {
    const make = new Function('K', 'T', 'O', 'N', 'F', source);
    return make(gen.k, isTruthy, toOutput, newFrame, callFailed);
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    generating = false;
    return null;
  }
}

function generate(nodes: readonly Node[], opts: CompileOptions): Op | null {
  if (!generating) return null;
  try {
    const gen = new Generator(opts);
    const body = gen.nodes(nodes, 'f');
    if (body.length > MAX_GENERATED_SOURCE) return null;
    return compiled(gen, `return function(f,rt){let v,c,n,w;${body}}`) as Op | null;
  } catch (e) {
    // Blocks nested thousands deep overflow the stack while generating or parsing: closures then.
    if (e instanceof RangeError) return null;
    throw e;
  }
}

/** The tier as compile.ts uses it. */
export const generatedCode: CodeTier = { generate, generatePath };
