/**
 * A message key known only at run time (an error key from the server or a schema, a reason stored
 * with a delivery), typed as a key of the translator it goes to: `t(runtimeKey<typeof t>(key))`.
 * Message keys are typed (global.d.ts), so a written key missing from the catalogue fails the type
 * check; these cannot be checked there, and callers fall back or test `t.has` where it matters.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any translator's signature
export function runtimeKey<Translator extends (key: any, ...args: any[]) => unknown>(key: string): Parameters<Translator>[0] {
  return key;
}
