// `npm start`: build the site when needed, then serve the site and the API on one port.
import { buildIfNeeded } from './build-if-needed.ts';

if (await buildIfNeeded()) console.log('Built the site into dist/.');
await import('../server/main.ts');
