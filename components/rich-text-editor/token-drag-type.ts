/** The drag data type of a template parameter chip; its own module so a page that only offers chips does not load Lexical. */
export const TOKEN_DRAG_TYPE = 'application/x-starloop-token';
