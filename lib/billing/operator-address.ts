import { setting } from '@/lib/config/settings';
/**
 * Where plan-change requests are mailed (OPERATOR_EMAIL), read per call so tests can switch it;
 * null when unset or not an address, and the request is only recorded.
 */
export function operatorAddress(env: NodeJS.ProcessEnv = process.env): string | null {
  return setting('operatorEmail', env);
}
