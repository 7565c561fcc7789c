import { config } from 'zod';

// The page's Content-Security-Policy forbids evaluated code, and zod would probe for it with
// `new Function` (the browser reports the refusal) to compile its parsers. Parsers are built when
// core's schemas are defined: main.tsx imports this module first, and the build puts it in zod's
// own chunk (vite.config.ts), which runs before core's.
config({ jitless: true });
