import {
  BRIEF_POSTS,
  BRIEF_PROMPT,
  BRIEF_PROMPT_TYPE,
  briefSources,
  postPageAnswer,
  type BriefSource,
  type PromptInput,
} from '@yuqing/core';
import { reportFigures } from '../search/report-figures.js';
import type { Store } from '../store/index.js';

/** What a brief is written from: the query's figures and its top posts, numbered as sources. */
export interface BriefInputs {
  volume: number;
  /** The rule-written figures, which are sources [1] to [n] too. */
  figures: string[];
  sources: BriefSource[];
}

/** The figures of a query and its most engaging posts, as the brief's numbered sources. */
export async function briefInputs(
  search: (body: unknown) => Promise<unknown>,
  query: object,
  labels: ReadonlyMap<string, string>,
): Promise<BriefInputs> {
  const label = (code: string) => labels.get(code) ?? code;
  const [figures, hot] = await Promise.all([
    reportFigures(search, query, labels),
    search({
      ...query,
      aggs: 'common_hot_posts',
      size: BRIEF_POSTS,
      sort: 'engagement_num desc',
    }).then((answer) => postPageAnswer.parse(answer)),
  ]);
  return {
    volume: figures.volume,
    figures: figures.lines,
    sources: briefSources(
      figures.lines,
      hot.list.map((post) => ({
        _id: post._id,
        uri: post.uri,
        platform: label(post.media_platform),
        author: post.author,
        title: post.title,
        text: post.text,
        engagement: post.engagement_num,
      })),
    ),
  };
}

/** The project's brief prompt (group 舆情简报), else the default one. */
export async function briefPrompt(store: Store, projectId: string): Promise<PromptInput> {
  const prompts = await store.prompts.list(projectId);
  return prompts.find((candidate) => candidate.type_name === BRIEF_PROMPT_TYPE) ?? BRIEF_PROMPT;
}
