/**
 * The longest custom period, in calendar months (both ends' months counted). The trend has a bar
 * per month: past ten years it is no chart (and it used to end silently at 240 months while the
 * totals went on: found from outside). No zod here: the dashboard's filter form checks it too.
 */
export const MAX_CUSTOM_MONTHS = 120;

/** Calendar months from one 'YYYY-MM-DD' to another, both ends' months counted. */
export function monthsSpanned(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  return (ty - fy) * 12 + (tm - fm) + 1;
}
