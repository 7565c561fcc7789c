import type { TemplateKind } from '@yuqing/core';
import { answerCalls } from '../jobs/thread-calls.js';
import { readTemplateMaster } from './template-master.js';

/** The thread that reads uploaded templates (see `readTemplateOffThread`). */
answerCalls(({ kind, bytes }: { kind: TemplateKind; bytes: Uint8Array }) =>
  readTemplateMaster(kind, bytes),
);
