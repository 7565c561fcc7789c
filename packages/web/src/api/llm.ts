import { LLM_CALLS, type GptRequest, type Prompt, type PromptInput } from '@yuqing/core';
import { call } from './call';

/** `POST /gpt`: the model's answer text (90 s; cancelled with `signal`). */
export async function askModel(body: GptRequest, signal?: AbortSignal): Promise<string> {
  return (await call(LLM_CALLS.gpt, { body }, { timeout: 'gpt', signal })).content;
}

/** `GET /project_prompt`: the project's prompts. */
export function fetchPrompts(): Promise<Prompt[]> {
  return call(LLM_CALLS.prompts);
}

/** `POST /project_prompt` adds a prompt; with `_id`, `PUT` replaces that one. */
export function savePrompt(body: PromptInput & { _id?: string }): Promise<Prompt> {
  const { _id } = body;
  return _id
    ? call(LLM_CALLS.updatePrompt, { body: { ...body, _id } })
    : call(LLM_CALLS.addPrompt, { body });
}

/** `DELETE /project_prompt?_id=`. */
export async function removePrompt(id: string): Promise<void> {
  await call(LLM_CALLS.removePrompt, { query: { _id: id } });
}
