'use client';

import { $createLinkNode, TOGGLE_LINK_COMMAND } from '@lexical/link';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { $createHeadingNode, $createQuoteNode, type HeadingTagType } from '@lexical/rich-text';
import { $patchStyleText, $setBlocksType } from '@lexical/selection';
import { mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  $setSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_ELEMENT_COMMAND,
  FORMAT_TEXT_COMMAND,
  REDO_COMMAND,
  UNDO_COMMAND,
  type BaseSelection,
  type ElementFormatType,
  type LexicalEditor,
  type TextFormatType,
} from 'lexical';
import {
  AlignCenter, AlignJustify, AlignLeft, AlignRight, Bold, Film, Highlighter, ImagePlus, Italic, Link2, List, ListOrdered, Loader2, Quote, Redo2, Strikethrough, Type, Underline, Undo2,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { FileModule } from '@/db/schema/files';
import { UploadError, uploadFile } from '@/lib/files/upload-client';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@/lib/files/rules';
import { LinkDialog } from './link-dialog';
import { $createImageNode, $createVideoNode } from './nodes/media-nodes';
import { $readToolbarState, EMPTY_TOOLBAR_STATE, type BlockType } from './toolbar-state';

/** Spec section 9: the editor's fonts and sizes. */
export const EDITOR_FONTS = ['Arial', 'Helvetica', 'Times New Roman', 'Georgia', 'monospace'] as const;
export const EDITOR_FONT_SIZES = [12, 14, 16, 18, 24, 32, 48] as const;
const FONT_STACKS: Record<(typeof EDITOR_FONTS)[number], string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Helvetica: 'Helvetica, Arial, sans-serif',
  'Times New Roman': "'Times New Roman', Times, serif",
  Georgia: 'Georgia, serif',
  monospace: "'Courier New', Courier, monospace",
};
/** A link inserted with no text selected shows as this icon (spec section 5). */
export const LINK_ICON = '🔗';

interface ToolbarProps {
  editor: LexicalEditor;
  uploadModule: Extract<FileModule, 'campaign' | 'post'>;
  disabled?: boolean;
}

export function Toolbar({ editor, uploadModule, disabled }: ToolbarProps) {
  const t = useTranslations('templates.richText');
  const tFiles = useTranslations('files');
  const [state, setState] = useState(EMPTY_TOOLBAR_STATE);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState<'image' | 'video' | null>(null);
  const [uploadError, setUploadError] = useState('');
  const savedSelection = useRef<BaseSelection | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => editorState.read(() => setState($readToolbarState()))),
        editor.registerCommand(CAN_UNDO_COMMAND, (v) => (setCanUndo(v), false), COMMAND_PRIORITY_LOW),
        editor.registerCommand(CAN_REDO_COMMAND, (v) => (setCanRedo(v), false), COMMAND_PRIORITY_LOW),
      ),
    [editor],
  );

  const rememberSelection = () => {
    editor.getEditorState().read(() => {
      savedSelection.current = $getSelection()?.clone() ?? null;
    });
  };

  const withSelection = (fn: () => void) =>
    editor.update(() => {
      if (!$isRangeSelection($getSelection()) && savedSelection.current) $setSelection(savedSelection.current.clone());
      fn();
    });

  const setBlock = (block: BlockType) =>
    editor.update(() => {
      const selection = $getSelection();
      if (block === 'bullet' || block === 'number') return;
      if (block === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else if (block === 'quote') $setBlocksType(selection, () => $createQuoteNode());
      else $setBlocksType(selection, () => $createHeadingNode(block as HeadingTagType));
    });

  const toggleList = (type: 'bullet' | 'number') => {
    if (state.block === type) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else editor.dispatchCommand(type === 'bullet' ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND, undefined);
  };

  const patchStyle = (patch: Record<string, string | null>) =>
    withSelection(() => {
      const selection = $getSelection();
      if (selection) $patchStyleText(selection, patch);
    });

  const applyLink = (url: string) => {
    setLinkOpen(false);
    withSelection(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (!url) {
        editor.dispatchCommand(TOGGLE_LINK_COMMAND, null);
        return;
      }
      if (selection.isCollapsed() && !state.link) {
        const link = $createLinkNode(url, { target: '_blank', rel: 'noopener noreferrer' });
        link.append($createTextNode(LINK_ICON));
        $insertNodes([link]);
        return;
      }
      editor.dispatchCommand(TOGGLE_LINK_COMMAND, { url, target: '_blank', rel: 'noopener noreferrer' });
    });
    editor.focus();
  };

  const currentLinkUrl = () => {
    let url = '';
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const node = selection.anchor.getNode();
      const link = [node, node.getParent()].find((n) => n && n.getType() === 'link');
      if (link && 'getURL' in link && typeof link.getURL === 'function') url = String(link.getURL());
    });
    return url.replace(/^https?:\/\/(\{\{[^{}]+\}\})\/?$/, '$1');
  };

  const upload = async (kind: 'image' | 'video', file: File | undefined) => {
    if (!file) return;
    setUploadError('');
    setUploading(kind);
    try {
      const { url } = await uploadFile(uploadModule, file, tFiles, kind);
      withSelection(() => {
        if (kind === 'image') $insertNodes([$createImageNode(url, file.name.replace(/\.[^.]+$/, ''))]);
        else $insertNodes([$createVideoNode(url), $createParagraphNode()]);
      });
    } catch (error) {
      setUploadError(error instanceof UploadError ? error.message : tFiles('errors.failed'));
    } finally {
      setUploading(null);
    }
  };

  const fontName = EDITOR_FONTS.find((f) => FONT_STACKS[f] === state.fontFamily || f === state.fontFamily) ?? '';

  return (
    <div className="border-b border-gray-200 dark:border-gray-700">
      <div role="toolbar" aria-label={t('toolbar')} className="flex flex-wrap items-center gap-1 p-1.5" onMouseDown={rememberSelection}>
        <ToolButton label={t('undo')} disabled={disabled || !canUndo} onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}><Undo2 /></ToolButton>
        <ToolButton label={t('redo')} disabled={disabled || !canRedo} onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}><Redo2 /></ToolButton>
        <Divider />
        <ToolSelect label={t('block')} disabled={disabled} value={state.block === 'bullet' || state.block === 'number' ? 'paragraph' : state.block} onChange={(v) => setBlock(v as BlockType)}>
          <option value="paragraph">{t('paragraph')}</option>
          {(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const).map((h) => (
            <option key={h} value={h}>{t('heading', { level: h.slice(1) })}</option>
          ))}
          <option value="quote">{t('quote')}</option>
        </ToolSelect>
        <ToolSelect label={t('fontFamily')} disabled={disabled} value={fontName} onChange={(v) => patchStyle({ 'font-family': v ? FONT_STACKS[v as keyof typeof FONT_STACKS] : null })}>
          <option value="">{t('defaultFont')}</option>
          {EDITOR_FONTS.map((f) => <option key={f} value={f}>{f}</option>)}
        </ToolSelect>
        <ToolSelect label={t('fontSize')} disabled={disabled} value={state.fontSize} onChange={(v) => patchStyle({ 'font-size': v || null })}>
          <option value="">{t('defaultSize')}</option>
          {EDITOR_FONT_SIZES.map((s) => <option key={s} value={`${s}px`}>{s}px</option>)}
        </ToolSelect>
        <Divider />
        {(
          [
            ['bold', Bold, state.bold],
            ['italic', Italic, state.italic],
            ['underline', Underline, state.underline],
            ['strikethrough', Strikethrough, state.strikethrough],
          ] as const
        ).map(([format, Icon, active]) => (
          <ToolButton key={format} label={t(format)} active={active} disabled={disabled} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, format as TextFormatType)}><Icon /></ToolButton>
        ))}
        <ColorButton label={t('textColor')} icon={<Type />} value={state.color} disabled={disabled} onChange={(c) => patchStyle({ color: c })} />
        <ColorButton label={t('highlight')} icon={<Highlighter />} value={state.highlight} disabled={disabled} onChange={(c) => patchStyle({ 'background-color': c })} />
        <Divider />
        <ToolButton label={t('bulletList')} active={state.block === 'bullet'} disabled={disabled} onClick={() => toggleList('bullet')}><List /></ToolButton>
        <ToolButton label={t('numberedList')} active={state.block === 'number'} disabled={disabled} onClick={() => toggleList('number')}><ListOrdered /></ToolButton>
        <ToolButton label={t('quote')} active={state.block === 'quote'} disabled={disabled} onClick={() => setBlock(state.block === 'quote' ? 'paragraph' : 'quote')}><Quote /></ToolButton>
        <Divider />
        {(
          [
            ['left', AlignLeft],
            ['center', AlignCenter],
            ['right', AlignRight],
            ['justify', AlignJustify],
          ] as const
        ).map(([align, Icon]) => (
          <ToolButton key={align} label={t(`align.${align}`)} active={state.align === align} disabled={disabled} onClick={() => editor.dispatchCommand(FORMAT_ELEMENT_COMMAND, align as ElementFormatType)}><Icon /></ToolButton>
        ))}
        <Divider />
        <ToolButton label={t('link.button')} active={state.link} disabled={disabled} onClick={() => { rememberSelection(); setLinkOpen(true); }}><Link2 /></ToolButton>
        <ToolButton label={t('image')} disabled={disabled || uploading !== null} onClick={() => imageInput.current?.click()}>{uploading === 'image' ? <Loader2 className="animate-spin" /> : <ImagePlus />}</ToolButton>
        <ToolButton label={t('video')} disabled={disabled || uploading !== null} onClick={() => videoInput.current?.click()}>{uploading === 'video' ? <Loader2 className="animate-spin" /> : <Film />}</ToolButton>
        <input ref={imageInput} type="file" hidden accept={IMAGE_MIME_TYPES.join(',')} data-testid="rte-image-input" onChange={(e) => { void upload('image', e.target.files?.[0]); e.target.value = ''; }} />
        <input ref={videoInput} type="file" hidden accept={VIDEO_MIME_TYPES.join(',')} data-testid="rte-video-input" onChange={(e) => { void upload('video', e.target.files?.[0]); e.target.value = ''; }} />
      </div>
      {uploadError ? <p role="alert" className="px-3 pb-2 text-sm text-red-600 dark:text-red-400">{uploadError}</p> : null}
      <LinkDialog open={linkOpen} initialUrl={linkOpen ? currentLinkUrl() : ''} onOpenChange={setLinkOpen} onSubmit={applyLink} onClosed={() => editor.focus()} />
    </div>
  );
}

function ToolButton({ label, active, disabled, onClick, children }: { label: string; active?: boolean; disabled?: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onClick={onClick}
      className={`inline-flex size-8 items-center justify-center rounded text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40 disabled:hover:bg-transparent dark:text-gray-200 dark:hover:bg-gray-800 [&_svg]:size-4 ${active ? 'bg-primary-soft text-primary dark:bg-primary/20' : ''}`}
    >
      {children}
    </button>
  );
}

function ToolSelect({ label, value, disabled, onChange, children }: { label: string; value: string; disabled?: boolean; onChange: (v: string) => void; children: ReactNode }) {
  return (
    <select
      aria-label={label}
      title={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
      className="h-8 max-w-[9.5rem] rounded border border-gray-200 bg-white px-1.5 text-sm text-gray-700 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-40 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-200"
    >
      {children}
    </select>
  );
}

function ColorButton({ label, icon, value, disabled, onChange }: { label: string; icon: ReactNode; value: string; disabled?: boolean; onChange: (color: string) => void }) {
  return (
    <label title={label} className={`relative inline-flex size-8 cursor-pointer items-center justify-center rounded text-gray-700 hover:bg-gray-100 focus-within:outline-2 focus-within:outline-primary dark:text-gray-200 dark:hover:bg-gray-800 [&_svg]:size-4 ${disabled ? 'pointer-events-none opacity-40' : ''}`}>
      {icon}
      <span className="absolute bottom-1 left-1.5 right-1.5 h-0.5 rounded" style={{ background: toHex(value) ?? 'currentColor' }} />
      <input type="color" aria-label={label} disabled={disabled} value={toHex(value) ?? '#303133'} onChange={(e) => onChange(e.target.value)} className="absolute inset-0 cursor-pointer opacity-0" />
    </label>
  );
}

function Divider() {
  return <span aria-hidden className="mx-0.5 h-5 w-px bg-gray-200 dark:bg-gray-700" />;
}

function toHex(color: string): string | null {
  if (/^#[0-9a-f]{6}$/i.test(color)) return color;
  const rgb = /^rgba?\((\d+),\s*(\d+),\s*(\d+)/i.exec(color);
  return rgb ? `#${rgb.slice(1, 4).map((n) => Number(n).toString(16).padStart(2, '0')).join('')}` : null;
}
