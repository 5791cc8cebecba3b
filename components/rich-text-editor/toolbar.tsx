'use client';

import { FORMAT_ELEMENT_COMMAND, FORMAT_TEXT_COMMAND, REDO_COMMAND, UNDO_COMMAND, type ElementFormatType, type LexicalEditor, type TextFormatType } from 'lexical';
import {
  AlignCenter, AlignJustify, AlignLeft, AlignRight, Bold, Film, Highlighter, ImagePlus, Italic, Link2, List, ListOrdered, Loader2, Quote, Redo2, Strikethrough, Type, Underline, Undo2,
} from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { FileModule } from '@/db/schema/files';
import { IMAGE_MIME_TYPES, VIDEO_MIME_TYPES } from '@/lib/files/rules';
import { LinkDialog } from './link-dialog';
import { ColorButton, Divider, ToolButton, ToolSelect } from './toolbar-controls';
import type { BlockType } from './toolbar-state';
import { useToolbarCommands } from './use-toolbar-commands';

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

interface ToolbarProps {
  editor: LexicalEditor;
  uploadModule: Extract<FileModule, 'campaign' | 'post'>;
  disabled?: boolean;
}

export function Toolbar({ editor, uploadModule, disabled }: ToolbarProps) {
  const t = useTranslations('templates.richText');
  const { state, canUndo, canRedo, uploading, uploadError, rememberSelection, setBlock, toggleList, patchStyle, applyLink, currentLinkUrl, upload } = useToolbarCommands(editor, uploadModule);
  const [linkOpen, setLinkOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  // The editor takes focus back in the task that closes the dialog. Radix hands it back a timer
  // later, and a key pressed in between would land on the page's body and be lost.
  const closeLink = () => {
    flushSync(() => setLinkOpen(false));
    editor.focus();
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
      <LinkDialog open={linkOpen} initialUrl={linkOpen ? currentLinkUrl() : ''} onOpenChange={(open) => (open ? setLinkOpen(true) : closeLink())} onSubmit={(url) => (applyLink(url), closeLink())} onClosed={() => editor.focus()} />
    </div>
  );
}
