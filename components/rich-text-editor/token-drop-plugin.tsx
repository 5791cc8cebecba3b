'use client';

import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { mergeRegister } from '@lexical/utils';
import { $createRangeSelection, $getRoot, $setSelection, COMMAND_PRIORITY_HIGH, DRAGOVER_COMMAND, DROP_COMMAND } from 'lexical';
import { useEffect } from 'react';
// The drag type of parameter chips; they also set text/plain so a textarea accepts them.
import { TOKEN_DRAG_TYPE } from './token-drag-type';

export { TOKEN_DRAG_TYPE };

/** Drops a dragged parameter chip's `{{token}}` where the pointer is. */
export function TokenDropPlugin() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          DRAGOVER_COMMAND,
          (event) => {
            if (!event.dataTransfer?.types.includes(TOKEN_DRAG_TYPE)) return false;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'copy';
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          DROP_COMMAND,
          (event) => {
            const token = event.dataTransfer?.getData(TOKEN_DRAG_TYPE);
            if (!token) return false;
            event.preventDefault();
            const range = rangeFromPoint(event.clientX, event.clientY);
            editor.update(() => {
              const selection = $createRangeSelection();
              if (range) selection.applyDOMRange(range);
              else $getRoot().selectEnd();
              if (range) $setSelection(selection);
              const target = range ? selection : null;
              (target ?? $getRoot().selectEnd()).insertText(token);
            });
            editor.focus();
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
      ),
    [editor],
  );
  return null;
}

function rangeFromPoint(x: number, y: number): Range | null {
  const doc = document as Document & { caretPositionFromPoint?: (x: number, y: number) => { offsetNode: Node; offset: number } | null };
  if (doc.caretPositionFromPoint) {
    const pos = doc.caretPositionFromPoint(x, y);
    if (!pos) return null;
    const range = document.createRange();
    range.setStart(pos.offsetNode, pos.offset);
    range.collapse(true);
    return range;
  }
  return document.caretRangeFromPoint?.(x, y) ?? null;
}
