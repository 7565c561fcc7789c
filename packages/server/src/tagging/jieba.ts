import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

let instance: Jieba | undefined;

/**
 * The thread's one Jieba with its default dictionary, loaded on first use (~0.2 s): the
 * tokeniser (enrich/post-text.ts, with HMM) and the tagger's word boundaries (without) share it,
 * so an import thread holds one dictionary, not two. A cut depends only on the dictionary and its
 * arguments, never on earlier cuts.
 */
export function sharedJieba(): Jieba {
  instance ??= Jieba.withDict(dict);
  return instance;
}
