'use client';

import { AutoLinkNode, LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { LexicalComposer, type InitialConfigType } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $getRoot, $getSelection, $isRangeSelection } from 'lexical';
import { useTranslations } from 'next-intl';
import { useEffect, useImperativeHandle, useRef, useState, useSyncExternalStore, type Ref } from 'react';
import type { FileModule } from '@/db/schema/files';
import { RICH_CONTENT_CLASSES } from './content-classes';
import { $exportHtml, $importHtml, htmlExport, htmlImport } from './html-io';
import { ImageNode } from './nodes/image-node';
import { VideoNode } from './nodes/video-node';
import { OfficePastePlugin } from './office-paste-plugin';
import { TokenDropPlugin } from './token-drop-plugin';
import { Toolbar } from './toolbar';
import { editorTheme } from './editor-theme';

export interface RichTextEditorHandle {
  /** Inserts plain text (a `{{token}}`) at the cursor, or at the end when the editor had none. */
  insertText: (text: string) => void;
  focus: () => void;
}

export interface RichTextEditorProps {
  /** HTML; when it changes from outside (a loaded template, an AI draft) the editor shows it. */
  value: string;
  /** E-mail-safe HTML ('' when empty). */
  onChange: (html: string) => void;
  uploadModule: Extract<FileModule, 'campaign' | 'post'>;
  placeholder?: string;
  disabled?: boolean;
  ariaLabel?: string;
  ref?: Ref<RichTextEditorHandle>;
  /** For label association and tests. */
  id?: string;
}

/**
 * The one rich-text editor of StarLoop (e-mail templates and posts), on Lexical: paragraph and
 * headings 1-6, bold, italic, underline, strike, text colour, highlight, font family and size,
 * undo/redo, lists, alignment, links, image and video upload, quotes (spec section 2).
 */
export function RichTextEditor({ value, onChange, uploadModule, placeholder, disabled, ariaLabel, ref, id }: RichTextEditorProps) {
  // Lexical builds its document from the HTML with DOMParser: browser only. The server renders
  // a same-sized frame, so the page does not jump.
  const isClient = useSyncExternalStore(noSubscribe, () => true, () => false);
  if (!isClient) return <div aria-busy="true" aria-label={ariaLabel} className="min-h-[19rem] rounded-md border border-gray-300 bg-white dark:border-gray-600 dark:bg-gray-900" />;
  return <ClientEditor value={value} onChange={onChange} uploadModule={uploadModule} placeholder={placeholder} disabled={disabled} ariaLabel={ariaLabel} ref={ref} id={id} />;
}

const noSubscribe = () => () => {};

function ClientEditor({ value, onChange, uploadModule, placeholder, disabled, ariaLabel, ref, id }: RichTextEditorProps) {
  const initialConfig: InitialConfigType = {
    namespace: `starloop-${uploadModule}`,
    theme: editorTheme,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, AutoLinkNode, ImageNode, VideoNode],
    html: { import: htmlImport, export: htmlExport },
    editable: !disabled,
    onError: (error) => console.error(error),
    editorState: (editor) => $importHtml(editor, value),
  };
  return (
    <LexicalComposer initialConfig={initialConfig}>
      <EditorFrame value={value} onChange={onChange} uploadModule={uploadModule} placeholder={placeholder} disabled={disabled} ariaLabel={ariaLabel} handleRef={ref} id={id} />
    </LexicalComposer>
  );
}

function EditorFrame({ value, onChange, uploadModule, placeholder, disabled, ariaLabel, handleRef, id }: Omit<RichTextEditorProps, 'ref'> & { handleRef?: Ref<RichTextEditorHandle> }) {
  const [editor] = useLexicalComposerContext();
  const t = useTranslations('templates.richText');
  // Pictures a Word paste gave only as local files (office-paste.ts): said, not silently lost.
  const [localImages, setLocalImages] = useState(0);
  const lastHtml = useRef(value);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    editor.setEditable(!disabled);
  }, [editor, disabled]);

  // Outside changes (a template loaded, an AI draft) replace the content; our own echoes do not.
  useEffect(() => {
    if (value === lastHtml.current) return;
    lastHtml.current = value;
    editor.update(() => $importHtml(editor, value), { tag: 'starloop-external' });
  }, [editor, value]);

  useEffect(
    () =>
      editor.registerUpdateListener(({ dirtyElements, dirtyLeaves, tags }) => {
        if (tags.has('starloop-external') || (dirtyElements.size === 0 && dirtyLeaves.size === 0)) return;
        const html = editor.read(() => $exportHtml(editor));
        if (html === lastHtml.current) return;
        lastHtml.current = html;
        onChangeRef.current(html);
      }),
    [editor],
  );

  useImperativeHandle(
    handleRef,
    () => ({
      insertText: (text: string) => {
        editor.update(() => {
          const selection = $getSelection();
          if ($isRangeSelection(selection)) selection.insertText(text);
          else $getRoot().selectEnd().insertText(text);
        });
        editor.focus();
      },
      focus: () => editor.focus(),
    }),
    [editor],
  );

  return (
    <div className={`overflow-hidden rounded-md border border-gray-300 bg-white focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/20 dark:border-gray-600 dark:bg-gray-900 ${disabled ? 'opacity-70' : ''}`}>
      <Toolbar editor={editor} uploadModule={uploadModule} disabled={disabled} />
      <div className="relative">
        <RichTextPlugin
          contentEditable={
            <ContentEditable
              id={id}
              aria-label={ariaLabel}
              aria-placeholder={placeholder ?? ''}
              placeholder={<div className="pointer-events-none absolute left-4 top-3 select-none text-gray-500 dark:text-gray-400">{placeholder}</div>}
              className={`min-h-64 px-4 py-3 text-gray-800 outline-none dark:text-gray-100 ${RICH_CONTENT_CLASSES}`}
              data-testid="rich-text-editor"
            />
          }
          ErrorBoundary={LexicalErrorBoundary}
        />
        <HistoryPlugin />
        <ListPlugin />
        <LinkPlugin />
        <TokenDropPlugin />
        <OfficePastePlugin onLocalImages={setLocalImages} />
      </div>
      {localImages > 0 && (
        <div role="status" className="flex items-start gap-3 border-t border-amber-200 bg-amber-50 px-3 py-2 text-[13px] text-amber-900 dark:border-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
          <p className="flex-1">{t('localImages', { count: localImages })}</p>
          <button type="button" onClick={() => setLocalImages(0)} className="shrink-0 rounded font-medium underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary">
            {t('localImagesDismiss')}
          </button>
        </div>
      )}
    </div>
  );
}
