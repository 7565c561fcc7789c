import type { z } from 'zod';
import type { kg2Request, tagsNewRequest } from '@yuqing/core';

/** The bodies of tags_new and kg2 as parsed (defaults filled). */
export type TagsNewBody = z.output<typeof tagsNewRequest>;
export type Kg2Body = z.output<typeof kg2Request>;

/** A call of the tagging thread (see tagger.ts); a tagging call names the version it expects. */
export type TaggerCall =
  | { op: 'load'; projectId: string; version: string; text: string }
  | { op: 'tagsNew'; projectId: string; version: string; request: TagsNewBody }
  | { op: 'kg2'; projectId: string; version: string; request: Kg2Body };

/** The answer of a tagging call when the thread holds another version (or none) of the rules. */
export const NOT_LOADED = 'not-loaded';

/** A tagging call's answer: the route's whole answer as JSON (`{ success, data }`). */
export type TaggerAnswer = string | typeof NOT_LOADED | null;
