import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every .ts file under client/src (tests aside). */
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('the one RTK Query API', () => {
  it('has no endpoint name injected twice (the later one would silently take the other’s place)', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const seen = new Map<string, string[]>();
    for (const file of sources(root)) {
      for (const match of readFileSync(file, 'utf8').matchAll(
        /^\s+(\w+): build\.(query|mutation)/gm,
      )) {
        seen.set(match[1]!, [...(seen.get(match[1]!) ?? []), path.relative(root, file)]);
      }
    }
    expect(seen.size).toBeGreaterThan(40);
    expect([...seen].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
