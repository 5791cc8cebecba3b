'use client';

import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { COMMAND_PRIORITY_LOW, PASTE_COMMAND } from 'lexical';
import { useEffect, useRef } from 'react';
import { rewriteOfficeClipboard } from './office-paste';

/**
 * Pastes from Microsoft Word through `rewriteOfficeClipboard`: the clipboard is handed on to
 * the editor's own paste as a copy holding the rewritten HTML. Where the browser cannot build
 * that copy, the paste goes on as it came.
 */
export function OfficePastePlugin({ onLocalImages }: { onLocalImages: (count: number) => void }) {
  const [editor] = useLexicalComposerContext();
  const onLocalImagesRef = useRef(onLocalImages);
  useEffect(() => {
    onLocalImagesRef.current = onLocalImages;
  }, [onLocalImages]);

  useEffect(() => {
    const rewritten = new WeakSet<Event>();
    return editor.registerCommand(
      PASTE_COMMAND,
      (event) => {
        if (!(event instanceof ClipboardEvent) || !event.clipboardData || rewritten.has(event)) return false;
        const office = rewriteOfficeClipboard(event.clipboardData.getData('text/html'));
        if (!office) return false;
        let copy: ClipboardEvent;
        try {
          const data = new DataTransfer();
          data.setData('text/plain', event.clipboardData.getData('text/plain'));
          data.setData('text/html', office.html);
          copy = new ClipboardEvent('paste', { clipboardData: data });
          if (!copy.clipboardData) return false;
        } catch {
          return false;
        }
        rewritten.add(copy);
        event.preventDefault();
        if (office.localImages) onLocalImagesRef.current(office.localImages);
        return editor.dispatchCommand(PASTE_COMMAND, copy);
      },
      COMMAND_PRIORITY_LOW,
    );
  }, [editor]);
  return null;
}
