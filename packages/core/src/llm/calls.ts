import { z } from 'zod';
import { defineCall } from '../calls/call.js';
import { TIMEOUT_MS } from '../constants.js';
import { projectScope } from '../location.js';
import { postQuery } from '../posts/query.js';
import { BRIEF_MIN_POSTS } from './brief.js';
import { gptAnswer, gptRequest } from './chat.js';
import {
  PROMPT_MAX_PER_PROJECT,
  prompt,
  promptIdQuery,
  promptInput,
  updatePromptRequest,
} from './prompts.js';
import { modelReportSummary } from './report-summary.js';

const tags = ['llm'];

/**
 * The language model: a conversation with it and the project's prompts (project admins), and the
 * AI report's brief it writes (members).
 */
export const LLM_CALLS = {
  gpt: defineCall({
    method: 'POST',
    path: '/gpt',
    access: 'project-admin',
    summary: "The language model's answer to a conversation (project admins)",
    description:
      `gpt3 and gpt4 are the models LLM_MODEL_GPT3 and LLM_MODEL_GPT4 name; ${TIMEOUT_MS.gpt / 1000} s ` +
      'in all, retried at most once, stopped when the browser goes away. The answer is the ' +
      "model's text: a JSON array of row objects is shown as a table, anything else as text.",
    tags,
    query: projectScope,
    body: gptRequest,
    answer: gptAnswer,
  }),
  prompts: defineCall({
    method: 'GET',
    path: '/project_prompt',
    access: 'project-admin',
    summary: "The project's prompts, oldest first (project admins)",
    tags,
    query: projectScope,
    answer: z.array(prompt),
  }),
  addPrompt: defineCall({
    method: 'POST',
    path: '/project_prompt',
    access: 'project-admin',
    summary: `Adds a prompt (project admins; at most ${PROMPT_MAX_PER_PROJECT} a project)`,
    tags,
    query: projectScope,
    body: promptInput,
    answer: prompt,
  }),
  updatePrompt: defineCall({
    method: 'PUT',
    path: '/project_prompt',
    access: 'project-admin',
    summary: 'Replaces the fields of a prompt named by its _id (project admins)',
    tags,
    query: projectScope,
    body: updatePromptRequest,
    answer: prompt,
  }),
  removePrompt: defineCall({
    method: 'DELETE',
    path: '/project_prompt',
    access: 'project-admin',
    summary: 'Deletes a prompt (project admins)',
    tags,
    query: projectScope.extend(promptIdQuery.shape),
    answer: z.null(),
  }),
  reportSummary: defineCall({
    method: 'POST',
    path: '/ai_report/summary',
    access: 'project-member',
    summary: "The language model's brief of the AI report's numbers under a query",
    description:
      'Null when no model is configured or no post matches. The model is given the numbers ' +
      "the rule-based summary states and the top posts, numbered, and nothing else of the caller's; " +
      'it cites them as [n], and sentences stating numbers it was not given are dropped. ' +
      `Under ${BRIEF_MIN_POSTS} posts the brief says 数据不足 without asking the model.`,
    tags,
    query: projectScope,
    body: postQuery,
    answer: modelReportSummary,
  }),
};
