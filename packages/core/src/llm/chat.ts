import { z } from 'zod';

/** The model kinds `POST /gpt` offers (spec 7); each is configured to a model name on the server. */
export const MODEL_TYPES = ['gpt3', 'gpt4'] as const;
export const modelType = z.enum(MODEL_TYPES);
export type ModelType = z.infer<typeof modelType>;

export const CHAT_ROLES = ['system', 'user', 'assistant'] as const;

/** One message of a conversation with the model: a stored prompt's, or a filled one's. */
export const chatMessage = z.object({
  role: z.enum(CHAT_ROLES),
  content: z.string().trim().min(1).max(100_000),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Sampling temperature: 0 keeps the model's answers steady, 2 makes them most varied. */
export const temperature = z.number().min(0).max(2);

/** `POST /gpt`: the model kind, the conversation and the temperature (spec 7). */
export const gptRequest = z.object({
  type: modelType,
  messages: z.array(chatMessage).min(1).max(50),
  temperature: temperature.optional(),
});
export type GptRequest = z.infer<typeof gptRequest>;

/** What the model answered: its text, read by `readModelAnswer` as a table or as text. */
export const gptAnswer = z.object({
  content: z.string(),
});
export type GptAnswer = z.infer<typeof gptAnswer>;
