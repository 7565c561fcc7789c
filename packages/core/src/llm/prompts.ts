import { z } from 'zod';
import { chatMessage, temperature } from './chat.js';

/** Prompts a project may keep. */
export const PROMPT_MAX_PER_PROJECT = 200;

/** A stored prompt's fields (spec 3 Prompt) as created or edited. */
export const promptInput = z.object({
  name: z.string().trim().min(1).max(100),
  /** The group the tagging tool lists it under. */
  type_name: z.string().trim().min(1).max(50),
  prompt: z.array(chatMessage).min(1).max(20),
  temperature: temperature.default(0.7),
});
export type PromptInput = z.infer<typeof promptInput>;

/** A stored prompt of a project (spec 3 Prompt). */
export const prompt = promptInput.extend({ _id: z.string() });
export type Prompt = z.infer<typeof prompt>;

/** `PUT /project_prompt`: the prompt with its `_id` and every field as it should be. */
export const updatePromptRequest = promptInput.extend({ _id: z.uuid() });

/** `DELETE /project_prompt?_id=`. */
export const promptIdQuery = z.object({ _id: z.uuid() });
