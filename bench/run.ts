import { mkdir, writeFile } from 'node:fs/promises';
import { measureBundle } from './bundle-size.js';
import { measureStart } from './start-time.js';

const results = {
  measuredAt: new Date().toISOString(),
  start: await measureStart(),
  bundle: await measureBundle(),
};
await mkdir(new URL('./results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('./results/foundation.json', import.meta.url),
  JSON.stringify(results, null, 2),
);
console.log(JSON.stringify(results, null, 2));
