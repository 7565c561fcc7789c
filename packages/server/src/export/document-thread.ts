import { answerCalls } from '../jobs/thread-calls.js';
import { DOCUMENT_BUILDERS, type DocumentCall } from './documents.js';

/** The thread documents are drawn in (see `buildDocument`). */
answerCalls(async ({ format, page }: DocumentCall) => {
  // The logo's bytes cross the thread as a plain Uint8Array; the builders read a Buffer.
  const logo = page.template.logoImage;
  const drawn = logo
    ? {
        ...page,
        template: {
          ...page.template,
          logoImage: {
            ...logo,
            data: Buffer.from(logo.data.buffer, logo.data.byteOffset, logo.data.byteLength),
          },
        },
      }
    : page;
  return DOCUMENT_BUILDERS[format](drawn);
});
