import { $isListNode, ListNode } from '@lexical/list';
import { $isLinkNode } from '@lexical/link';
import { $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { $getSelectionStyleValueForProperty } from '@lexical/selection';
import { $getNearestNodeOfType } from '@lexical/utils';
import { $getSelection, $isElementNode, $isRangeSelection, type ElementFormatType } from 'lexical';

export type BlockType = 'paragraph' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'quote' | 'bullet' | 'number';

export interface ToolbarState {
  block: BlockType;
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strikethrough: boolean;
  link: boolean;
  align: ElementFormatType;
  fontFamily: string;
  fontSize: string;
  color: string;
  highlight: string;
}

export const EMPTY_TOOLBAR_STATE: ToolbarState = {
  block: 'paragraph', bold: false, italic: false, underline: false, strikethrough: false, link: false, align: 'left', fontFamily: '', fontSize: '', color: '', highlight: '',
};

/** What the toolbar shows for the current selection (read inside editor.read). */
export function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return EMPTY_TOOLBAR_STATE;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? anchor : anchor.getTopLevelElementOrThrow();
  let block: BlockType = 'paragraph';
  const list = $getNearestNodeOfType(anchor, ListNode);
  if (list && $isListNode(list)) block = list.getListType() === 'number' ? 'number' : 'bullet';
  else if ($isHeadingNode(top)) block = top.getTag();
  else if ($isQuoteNode(top)) block = 'quote';
  const parent = anchor.getParent();
  return {
    block,
    bold: selection.hasFormat('bold'),
    italic: selection.hasFormat('italic'),
    underline: selection.hasFormat('underline'),
    strikethrough: selection.hasFormat('strikethrough'),
    link: $isLinkNode(parent) || $isLinkNode(anchor),
    align: ($isElementNode(top) ? top.getFormatType() : 'left') || 'left',
    fontFamily: $getSelectionStyleValueForProperty(selection, 'font-family', ''),
    fontSize: $getSelectionStyleValueForProperty(selection, 'font-size', ''),
    color: $getSelectionStyleValueForProperty(selection, 'color', ''),
    highlight: $getSelectionStyleValueForProperty(selection, 'background-color', ''),
  };
}
