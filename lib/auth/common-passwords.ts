/**
 * Passwords that appear at the top of every breach list. Not a substitute for a breach check,
 * but it refuses what an attacker tries first. Compared lower-cased.
 *
 * Two tiers, one function: this short set is what the browser checks (the form's zod resolver;
 * it keeps the register page's JavaScript small), and on the server the same function also
 * checks the shipped list file `common-passwords.txt` (10,000+ entries, read once, never
 * downloaded). The server is the check that counts: every registration parses the shared schema
 * again there. See docs/security.md.
 */
export const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', '12345678910', '11111111', '00000000', '88888888', '66666666',
  '87654321', '11223344', '12341234', '12121212', '1q2w3e4r', '1qaz2wsx', 'qwertyui', 'qwertyuiop',
  'password', 'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'iloveyou',
  'abc12345', 'abcd1234', 'abcdefgh', 'a1234567', 'aa123456', 'asdfghjk', 'asdf1234', 'zxcvbnm1',
  'qwerty123', 'qwerty12', 'letmein1', 'welcome1', 'welcome123', 'admin123', 'admin1234', 'administrator',
  'sunshine', 'princess', 'football', 'baseball', 'superman', 'starwars', 'trustno1', 'whatever',
  'dragon12', 'monkey12', 'master12', 'shadow12', 'michael1', 'jennifer', 'computer', 'internet',
  'woaini1314', '5201314520', 'woaini520', 'aini1314', 'qq123456', 'a123456789', 'zxcvbnm123',
  'changeme', 'changeme1', 'default1', 'secret12', 'test1234', 'testtest', 'starloop', 'starloop1',
  'starloop123', '1234qwer', 'qwer1234', 'q1w2e3r4', 'zaq12wsx', 'pa55word', 'mypassword',
]);

/** Path of the shipped list, relative to the app's working directory (the repository root). */
export const COMMON_PASSWORDS_FILE = 'lib/auth/common-passwords.txt';

let serverList: Set<string> | null | undefined;

/**
 * The full list on the server, null in the browser. `process.getBuiltinModule` (Node 20.16+)
 * reaches `fs` without an import, so no bundler pulls `fs` or the file into client code. A
 * missing file on the server throws: a security check must not switch itself off quietly.
 */
function fullList(): Set<string> | null {
  if (serverList !== undefined) return serverList;
  const proc = typeof process === 'undefined' ? undefined : process;
  if (typeof window !== 'undefined' || typeof proc?.getBuiltinModule !== 'function') return (serverList = null);
  const fs = proc.getBuiltinModule('node:fs');
  const path = proc.getBuiltinModule('node:path');
  const text = fs.readFileSync(path.join(proc.cwd(), COMMON_PASSWORDS_FILE), 'utf8');
  serverList = new Set(
    text
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line && !line.startsWith('# ')),
  );
  return serverList;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return COMMON_PASSWORDS.has(lower) || (fullList()?.has(lower) ?? false);
}

/** How many passwords the server refuses (tests and docs). */
export function commonPasswordCount(): number {
  return fullList()?.size ?? COMMON_PASSWORDS.size;
}
