import { gptAnswer, prompt, type GptRequest, type Prompt, type PromptInput } from '@yuqing/core';
import { z } from 'zod';
import { noData, request } from './client';

/** `POST /gpt`: the model's answer text (90 s; cancelled with `signal`). */
export async function askModel(body: GptRequest, signal?: AbortSignal): Promise<string> {
  return (await request('/gpt', gptAnswer, { method: 'POST', body, timeout: 'gpt', signal }))
    .content;
}

/** `GET /project_prompt`: the project's prompts. */
export function fetchPrompts(): Promise<Prompt[]> {
  return request('/project_prompt', z.array(prompt));
}

/** `POST /project_prompt` adds a prompt; with `_id`, `PUT` replaces that one. */
export function savePrompt(body: PromptInput & { _id?: string }): Promise<Prompt> {
  return request('/project_prompt', prompt, {
    method: body._id ? 'PUT' : 'POST',
    body,
  });
}

/** `DELETE /project_prompt?_id=`. */
export function removePrompt(id: string): Promise<undefined> {
  return request('/project_prompt', noData, { method: 'DELETE', params: { _id: id } });
}
