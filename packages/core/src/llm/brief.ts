import { z } from 'zod';
import type { PromptInput } from './prompts.js';

/** The prompt group whose first prompt, when a project has one, writes the AI report's brief. */
export const BRIEF_PROMPT_TYPE = '舆情简报';
/** With fewer posts than this in the period the brief says 数据不足 instead of guessing. */
export const BRIEF_MIN_POSTS = 10;
/** The top posts handed to the model as sources. */
export const BRIEF_POSTS = 8;
/** Characters of a post's title or text handed to the model. */
const EXCERPT = 120;

/**
 * The brief's default prompt: `{figures}` and `{posts}` are filled with the numbered sources.
 * Admins edit it among the project's prompts (group 舆情简报).
 */
export const BRIEF_PROMPT: PromptInput = {
  name: 'AI 报告摘要',
  type_name: BRIEF_PROMPT_TYPE,
  temperature: 0.3,
  prompt: [
    {
      role: 'system',
      content:
        '你是舆情分析师。只根据用户给出的编号资料，用中文写 2 到 4 句舆情摘要，指出声量、情感和互动的' +
        '变化以及值得关注的信息。每句陈述事实的话，句末用 [编号] 标出依据的资料，如 [1][3]。只使用资料中' +
        '出现的数字，不要编造、推算或换算其他数字；资料不足以判断时写“数据不足”。不要使用 Markdown、标题或列表。',
    },
    { role: 'user', content: '统计数字：\n{figures}\n\n代表性信息：\n{posts}' },
  ],
};

/** A source the brief may cite as [n]: a figure of the page, or one of the top posts. */
export const briefSource = z.object({
  n: z.number().int().min(1),
  kind: z.enum(['figure', 'post']),
  /** The source as the model read it. */
  text: z.string(),
  post_id: z.string().optional(),
  /** The post's link, when it has one on the web. */
  url: z.string().optional(),
});
export type BriefSource = z.infer<typeof briefSource>;

/** A top post as a source gives it: its platform's and author's names, and what it says. */
export interface BriefPost {
  _id: string;
  uri: string;
  platform: string;
  author: string;
  title: string;
  text: string;
  engagement: number;
}

const excerpt = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT)}…` : flat;
};

/** The figures (the rule-based summary's lines) then the posts, numbered from 1. */
export function briefSources(
  figures: readonly string[],
  posts: readonly BriefPost[],
): BriefSource[] {
  const figureSources = figures.map((text, at) => ({ n: at + 1, kind: 'figure' as const, text }));
  const postSources = posts.map((post, at) => ({
    n: figures.length + at + 1,
    kind: 'post' as const,
    text:
      `${post.platform || '未知平台'} · ${post.author || '匿名'}：` +
      `${excerpt(post.title || post.text)}（互动 ${post.engagement}）`,
    post_id: post._id,
    ...(/^https?:\/\//i.test(post.uri) ? { url: post.uri } : {}),
  }));
  return [...figureSources, ...postSources];
}

/** The prompt's `{figures}` and `{posts}`: each source on a line of its own, after its number. */
export function briefPromptValues(sources: readonly BriefSource[]) {
  const listed = (kind: BriefSource['kind']) =>
    sources
      .filter((source) => source.kind === kind)
      .map((source) => `[${source.n}] ${source.text}`)
      .join('\n') || '无';
  return { figures: listed('figure'), posts: listed('post') };
}

/** The brief of a period with too few posts to say anything of. */
export const insufficientBrief = (volume: number) => [
  `数据不足：本期仅有 ${volume} 条相关信息，不足以撰写可靠的摘要，请扩大时间范围或放宽筛选条件。`,
];
