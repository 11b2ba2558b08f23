import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { TEXTS } from '../../../texts';

interface Props {
  id: string;
  label: string;
  value: string;
  onChange: (html: string) => void;
  disabled?: boolean;
}

/** One toolbar button: pressed while its mark or node is active at the cursor. */
function Tool({
  label,
  pressed,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick: () => void;
  children: string;
}) {
  return (
    <button
      type="button"
      className="cfg-richtext-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      // Keeps the selection in the editor while the button is clicked.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const chain = () => editor.chain().focus();
  function toggleLink() {
    if (state.link) {
      chain().unsetLink().run();
      return;
    }
    const href = window.prompt(TEXTS.linkPrompt)?.trim();
    if (href) chain().extendMarkRange('link').setLink({ href }).run();
  }
  return (
    <div className="cfg-richtext-toolbar" role="toolbar" aria-label={TEXTS.formatting}>
      <Tool label={TEXTS.bold} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        B
      </Tool>
      <Tool label={TEXTS.italic} pressed={state.italic} onClick={() => chain().toggleItalic().run()}>
        I
      </Tool>
      <Tool
        label={TEXTS.heading}
        pressed={state.heading}
        onClick={() => chain().toggleHeading({ level: 2 }).run()}
      >
        H
      </Tool>
      <Tool label={TEXTS.bulletList} pressed={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        •
      </Tool>
      <Tool
        label={TEXTS.numberedList}
        pressed={state.ordered}
        onClick={() => chain().toggleOrderedList().run()}
      >
        1.
      </Tool>
      <Tool label={TEXTS.blockquote} pressed={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        ❝
      </Tool>
      <Tool label={TEXTS.link} pressed={state.link} onClick={toggleLink}>
        Link
      </Tool>
      <Tool label={TEXTS.undo} onClick={() => chain().undo().run()}>
        ↶
      </Tool>
      <Tool label={TEXTS.redo} onClick={() => chain().redo().run()}>
        ↷
      </Tool>
    </div>
  );
}

/** Rich text (TipTap over ProseMirror): paragraphs, headings, lists, quotes, links; answers HTML. */
export function RichText({ id, label, value, onChange, disabled }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ heading: { levels: [2, 3, 4] }, link: { openOnClick: false } })],
    // The area's CSP allows no inline styles: ProseMirror's few rules are in config.css instead.
    injectCSS: false,
    content: value,
    editable: !disabled,
    editorProps: {
      attributes: {
        id,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
        class: 'cfg-richtext-area',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  return (
    <div className="cfg-richtext">
      {editor && !disabled && <Toolbar editor={editor} />}
      <EditorContent editor={editor} />
    </div>
  );
}
