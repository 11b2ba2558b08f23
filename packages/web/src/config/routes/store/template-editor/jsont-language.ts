import { autocompletion, type CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { StreamLanguage } from '@codemirror/language';

/** Where a stream is: in the page's text, or inside a `{…}` tag (and which part of it). */
interface TagState {
  inTag: boolean;
  /** After a `|`: the next word names a formatter. */
  afterPipe: boolean;
  /** Inside a `{# …}` comment. */
  comment: boolean;
}

/**
 * JSON-T tags: `{.section x}` instructions and `{.equal? a b}` predicates as keywords, `{a.b}`
 * variables, `|money` formatters, `{# …}` comments; the HTML around them stays plain. A `{`
 * followed by a space is text, as the engine reads it.
 */
export const jsontLanguage = StreamLanguage.define<TagState>({
  name: 'jsont',
  startState: () => ({ inTag: false, afterPipe: false, comment: false }),
  token(stream, state) {
    if (!state.inTag) {
      if (stream.match(/^\{(?=[.@#a-zA-Z$])/)) {
        state.inTag = true;
        state.afterPipe = false;
        state.comment = stream.peek() === '#';
        return 'bracket';
      }
      stream.next();
      while (!stream.eol() && stream.peek() !== '{') stream.next();
      return null;
    }
    if (state.comment) {
      while (!stream.eol()) {
        if (stream.next() === '}') {
          state.inTag = false;
          state.comment = false;
          break;
        }
      }
      return 'comment';
    }
    if (stream.eat('}')) {
      state.inTag = false;
      return 'bracket';
    }
    if (stream.eat('|')) {
      state.afterPipe = true;
      return 'operator';
    }
    if (stream.match(/^\.[a-zA-Z-]+\??/)) return 'keyword';
    if (stream.match(/^[a-zA-Z_$@][\w$@.-]*/)) {
      const formatter = state.afterPipe;
      state.afterPipe = false;
      return formatter ? 'atom' : 'variableName';
    }
    if (stream.match(/^"(?:[^"\\]|\\.)*"?/) || stream.match(/^'(?:[^'\\]|\\.)*'?/)) return 'string';
    if (stream.match(/^-?\d+(?:\.\d+)?/)) return 'number';
    stream.next();
    return null;
  },
});

/** The engine's instructions, as written after `{.`. */
const INSTRUCTIONS = [
  'section',
  'repeated section',
  'end',
  'or',
  'if',
  'alternates with',
  'var',
  'macro',
  'include',
  'inject',
  'eval',
  'bindvar',
  'ctx',
];

/** Completes formatter names after `|` and instruction and predicate names after `{.`. */
export function jsontCompletion(vocabulary: { formatters: string[]; predicates: string[] }) {
  const formatters = vocabulary.formatters.map((label) => ({ label, type: 'function' }));
  const instructions = [
    ...INSTRUCTIONS.map((label) => ({ label, type: 'keyword' })),
    ...vocabulary.predicates.map((label) => ({ label, type: 'keyword' })),
  ];
  return autocompletion({
    override: [
      (context: CompletionContext): CompletionResult | null => {
        const pipe = context.matchBefore(/\|[\w-]*$/);
        if (pipe) return { from: pipe.from + 1, options: formatters, validFor: /^[\w-]*$/ };
        const dot = context.matchBefore(/\{\.[\w-]*\??$/);
        if (dot) return { from: dot.from + 2, options: instructions, validFor: /^[\w-]*\??$/ };
        return null;
      },
    ],
  });
}
