import type { InitialConfigType } from '@lexical/react/LexicalComposer';

/** Lexical's classes for text formats, links and nested lists (Tailwind). */
export const editorTheme: InitialConfigType['theme'] = {
  text: {
    bold: 'font-bold',
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: '[text-decoration:underline_line-through]',
  },
  link: 'text-primary underline',
  // Lexical holds a nested list in an item of its own: that item shows no bullet or number.
  list: { nested: { listitem: 'list-none' } },
};
