import { closeBrackets } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { type Diagnostic as LintDiagnostic, linter, lintGutter } from '@codemirror/lint';
import { EditorState, type Text } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import type { Diagnostic } from '../../../api/templates';
import { TEXTS } from '../../../texts';
import { jsontCompletion, jsontLanguage } from './jsont-language';

/** How long typing pauses before the source is checked. */
export const VALIDATE_DELAY_MS = 400;

/**
 * The editor's look. CodeMirror adds its styles at run time; the area's CSP allows no inline
 * <style>, so the editor lives in a shadow root, whose constructed style sheets CSP leaves alone.
 */
const editorTheme = EditorView.theme({
  '&': {
    height: '520px',
    fontSize: '13px',
    backgroundColor: '#ffffff',
    color: '#1d1d1f',
  },
  '&.cm-focused': { outline: '3px solid #2f5d50', outlineOffset: '-3px' },
  '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
  '.cm-gutters': { backgroundColor: '#fbfaf7', borderRight: '1px solid #e3e3e0', color: '#5f6368' },
  '.cm-activeLine': { backgroundColor: '#f3f6f5' },
  '.cm-activeLineGutter': { backgroundColor: '#e7efec' },
});

/** The engine's 1-based line and column as a range of the document: to the end of the tag. */
function rangeOf(doc: Text, d: Diagnostic): { from: number; to: number } {
  const line = doc.line(Math.min(Math.max(d.line, 1), doc.lines));
  const from = Math.min(line.from + Math.max(d.column - 1, 0), line.to);
  const close = line.text.indexOf('}', from - line.from);
  return { from, to: close < 0 ? line.to : line.from + close + 1 };
}

interface Props {
  initial: string;
  vocabulary: { formatters: string[]; predicates: string[] };
  /** Checks a source; its diagnostics are underlined in place. */
  validate(source: string): Promise<Diagnostic[]>;
  onChange(source: string): void;
  /** The diagnostics of the last check, for the list beside the editor. */
  onChecked(diagnostics: Diagnostic[]): void;
}

/**
 * CodeMirror 6 with JSON-T highlighting, completion of formatter and predicate names, and the
 * engine's diagnostics at their line and column as you type. Mounted once per source it starts
 * from (its parent keys it), so typing never re-creates it.
 */
export function CodeEditor({ initial, vocabulary, validate, onChange, onChecked }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const callbacks = useRef({ validate, onChange, onChecked });
  callbacks.current = { validate, onChange, onChecked };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the editor is made once; its parent remounts it for a new start
  useEffect(() => {
    const shadow = host.current!.shadowRoot ?? host.current!.attachShadow({ mode: 'open' });
    const view = new EditorView({
      parent: shadow,
      root: shadow,
      state: EditorState.create({
        doc: initial,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          highlightActiveLine(),
          closeBrackets(),
          jsontLanguage,
          syntaxHighlighting(defaultHighlightStyle),
          jsontCompletion(vocabulary),
          lintGutter(),
          linter(
            async (v): Promise<LintDiagnostic[]> => {
              const doc = v.state.doc;
              let found: Diagnostic[];
              try {
                found = await callbacks.current.validate(doc.toString());
              } catch {
                // Offline for a moment: the next pause in typing checks again.
                return [];
              }
              // The document may have changed while the check was out: the linter drops stale answers.
              callbacks.current.onChecked(found);
              return found.map((d) => ({ ...rangeOf(doc, d), severity: 'error', message: d.message }));
            },
            { delay: VALIDATE_DELAY_MS },
          ),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          editorTheme,
          EditorView.contentAttributes.of({ 'aria-label': TEXTS.templateSource }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) callbacks.current.onChange(update.state.doc.toString());
          }),
        ],
      }),
    });
    return () => view.destroy();
  }, []);

  return <div ref={host} className="cfg-tpl-code" />;
}
