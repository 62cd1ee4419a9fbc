import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { drawIllustrations, ILLUSTRATIONS_DIR } from './illustrations.ts';

mkdirSync(ILLUSTRATIONS_DIR, { recursive: true });
for (const [name, content] of drawIllustrations()) writeFileSync(join(ILLUSTRATIONS_DIR, name), content);
console.log(`Drew ${drawIllustrations().size} illustrations into ${ILLUSTRATIONS_DIR}`);
