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
  type BaseSelection,
  type LexicalEditor,
} from 'lexical';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { FileModule } from '@/db/schema/files';
import { UploadError, uploadFile } from '@/lib/files/upload-client';
import { $createImageNode } from './nodes/image-node';
import { $createVideoNode } from './nodes/video-node';
import { $readToolbarState, EMPTY_TOOLBAR_STATE, type BlockType } from './toolbar-state';

/** A link inserted with no text selected shows as this icon (spec section 5). */
export const LINK_ICON = '🔗';

/**
 * The toolbar's state (formats at the selection, undo and redo, uploads) and its commands. The
 * selection is remembered on mouse down so commands from selects and dialogs apply where it was.
 */
export function useToolbarCommands(editor: LexicalEditor, uploadModule: Extract<FileModule, 'campaign' | 'post'>) {
  const tFiles = useTranslations('files');
  const [state, setState] = useState(EMPTY_TOOLBAR_STATE);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [uploading, setUploading] = useState<'image' | 'video' | null>(null);
  const [uploadError, setUploadError] = useState('');
  const savedSelection = useRef<BaseSelection | null>(null);

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
      // The caret goes after the link, as in mail and document editors: a key pressed while the
      // dialog hands focus back (Enter, a letter) must not replace the text just linked.
      const linked = $getSelection();
      if ($isRangeSelection(linked) && !linked.isCollapsed()) {
        const { key, offset, type } = linked.isBackward() ? linked.anchor : linked.focus;
        linked.anchor.set(key, offset, type);
        linked.focus.set(key, offset, type);
      }
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

  return { state, canUndo, canRedo, uploading, uploadError, rememberSelection, setBlock, toggleList, patchStyle, applyLink, currentLinkUrl, upload };
}
