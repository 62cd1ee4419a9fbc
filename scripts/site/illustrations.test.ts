import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { drawIllustrations, ILLUSTRATIONS_DIR } from './illustrations.ts';

describe('the landing illustrations', () => {
  it('are committed exactly as drawn (run `npm run draw` after changing them or their texts)', () => {
    const drawn = drawIllustrations();
    expect(readdirSync(ILLUSTRATIONS_DIR).sort()).toEqual([...drawn.keys()].sort());
    for (const [name, content] of drawn)
      expect(readFileSync(join(ILLUSTRATIONS_DIR, name), 'utf8'), name).toBe(content);
  });
});
