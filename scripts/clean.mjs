import { rmSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
for (const dir of [...readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d)), join(root, 'benchmarks')]) {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  rmSync(join(dir, 'tsconfig.tsbuildinfo'), { force: true });
}
