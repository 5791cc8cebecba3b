import { describe, expect, it } from 'vitest';
import type { Db } from '@/db/client';
import { seedDemoTemplates } from '@/lib/seed/templates';
import type { DemoMerchant } from '@/lib/seed/merchant';

/**
 * The seeded e-mail templates are what a merchant sends first: their inline text colours must
 * reach WCAG AA (4.5:1) on the white e-mail body. The rows are caught from a stand-in database
 * (no table already holds any, so all are inserted).
 */
describe('seeded e-mail template colours', () => {
  it('晨光咖啡 · 到店感谢信: every inline text colour is 4.5:1 or more on white', async () => {
    const rows = await seededRows();
    const row = rows.find((r) => r.name === '晨光咖啡 · 到店感谢信');
    expect(row, 'the seeded thank-you template').toBeDefined();
    const colours = [...String(row?.content).matchAll(/(?<![-\w])color\s*:\s*(#[0-9a-f]{3,6})/gi)].map((m) => m[1]);
    expect(colours.length, 'the unsubscribe line has its own colour').toBeGreaterThan(0);
    for (const colour of colours) expect(contrastOnWhite(colour), colour).toBeGreaterThanOrEqual(4.5);
  });
});

interface Row {
  name: string;
  content: string;
}

async function seededRows(): Promise<Row[]> {
  let inserted: Row[] = [];
  const chain = { from: () => chain, where: () => chain, limit: async () => [] };
  const db = {
    select: () => chain,
    insert: () => ({
      values: async (rows: Row[]) => {
        inserted = rows;
      },
    }),
  } as unknown as Db;
  await seedDemoTemplates(db, { merchantId: 1 } as DemoMerchant);
  return inserted;
}

function contrastOnWhite(hex: string): number {
  const digits = hex.length === 4 ? [...hex.slice(1)].map((d) => d + d) : [hex.slice(1, 3), hex.slice(3, 5), hex.slice(5, 7)];
  const [r, g, b] = digits.map((d) => {
    const c = parseInt(d, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return 1.05 / (luminance + 0.05);
}
