/**
 * Limits of posts shared by the schemas, the editor and the list.
 * Plain values without zod: client components import them from here, so that the schemas'
 * validation library stays out of their pages (issue 11, first-load JavaScript).
 */
export const POST_TITLE_MAX = 200;
export const POST_SUMMARY_MAX = 500;
// Characters as zod counts them (UTF-16 units), the documented limit (docs/api.md).
export const POST_BODY_MAX = 500_000;
// The most bytes one UTF-16 unit takes in a JSON request: `\u001f` (control characters and lone
// surrogates); a Chinese character takes 3, an emoji 4 for its two units.
const JSON_BYTES_PER_UNIT = 6;
/**
 * The largest request that carries a valid post: every text field at its limit in the longest
 * JSON, plus 64 KB for the rest of the request. The editor's server action (next.config.ts) and
 * the post API routes must read this much: at 1 MB a 387,590-character Chinese post (1.1 MB)
 * failed before its schema was checked, with a 500 from the action and a 413 from the API.
 */
export const POST_REQUEST_MAX_BYTES = (POST_BODY_MAX + POST_TITLE_MAX + POST_SUMMARY_MAX) * JSON_BYTES_PER_UNIT + 64 * 1024;
export const POST_PAGE_SIZES = [10, 20, 50] as const;
export const POST_DEFAULT_PAGE_SIZE = 10;
