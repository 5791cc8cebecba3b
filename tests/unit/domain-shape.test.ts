import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/CONTRIBUTING.md, "The domain shape": one naming for every domain under lib/.
const FORBIDDEN = /^(service|services|query|queries)\.tsx?$|-dto\.tsx?$/;

describe('the domain shape', () => {
  it('no domain keeps a service.ts, query.ts, queries.ts or *-dto.ts', () => {
    const root = path.resolve(__dirname, '../../lib');
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (FORBIDDEN.test(entry.name)) found.push(path.relative(root, full));
      }
    };
    walk(root);
    expect(found).toEqual([]);
  });
});
