import type { InitialConfigType } from '@lexical/react/LexicalComposer';

/** Lexical's classes for text formats and links (Tailwind). */
export const editorTheme: InitialConfigType['theme'] = {
  text: {
    bold: 'font-bold',
    italic: 'italic',
    underline: 'underline',
    strikethrough: 'line-through',
    underlineStrikethrough: '[text-decoration:underline_line-through]',
  },
  link: 'text-primary underline',
};
