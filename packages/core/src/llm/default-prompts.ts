import { BRIEF_PROMPT } from './brief.js';
import type { PromptInput } from './prompts.js';

const SYSTEM =
  '你是一名资深的舆情分析师，为企业的品牌与公关团队工作。只依据给出的内容作答，不编造事实；' +
  '内容不足以判断时直接说明。用简体中文回答。';

const post = '平台：{media_platform}\n标题：{title}\n正文：{text}';

/**
 * The prompts a new project starts with, for the tagging tool's GPT mode: a summary, why a post
 * feels as it does, its risk, and a reply. `{title}`, `{text}`, `{media_platform}` are filled from
 * the text analysed; admins edit or delete them like their own. Last, the AI report's brief.
 */
export const DEFAULT_PROMPTS: readonly PromptInput[] = [
  {
    name: '摘要',
    type_name: '通用分析',
    temperature: 0.3,
    prompt: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content: `用不超过 80 字概括下面这条内容的要点，列出涉及的品牌与产品。\n\n${post}`,
      },
    ],
  },
  {
    name: '情感归因',
    type_name: '通用分析',
    temperature: 0.3,
    prompt: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          '判断下面这条内容对所提品牌的情感倾向（正面、中性或负面），并说明依据：引用原文中决定倾向的词句，' +
          `指出针对的是产品、服务、价格还是品牌形象。以 JSON 数组作答，每项含 对象、倾向、依据。\n\n${post}`,
      },
    ],
  },
  {
    name: '风险研判',
    type_name: '风险预警',
    temperature: 0.2,
    prompt: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          '评估下面这条内容给品牌带来的舆情风险：风险等级（高、中、低）、风险类型（质量安全、服务投诉、' +
          `价格、合规、谣言等）、可能的扩散途径，以及建议的处置优先级，并说明理由。\n\n${post}`,
      },
    ],
  },
  {
    name: '回复建议',
    type_name: '风险预警',
    temperature: 0.7,
    prompt: [
      { role: 'system', content: SYSTEM },
      {
        role: 'user',
        content:
          '以品牌官方客服的口吻，为下面这条内容写一条得体的公开回复（不超过 120 字）：先回应关切，' +
          `再给出可核实的下一步，不做无法兑现的承诺。\n\n${post}`,
      },
    ],
  },
  BRIEF_PROMPT,
];
