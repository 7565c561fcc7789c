import { post, postUser } from '../posts/post.js';
import type { ChatMessage } from './chat.js';

/** `{title}`, `{media_platform}`, `{user.screen_name}`: a post's field, or a field of its user. */
const PLACEHOLDER = /\{([A-Za-z_]\w*)(?:\.([A-Za-z_]\w*))?\}/g;

const POST_FIELDS = new Set(Object.keys(post.shape));
const USER_FIELDS = new Set(Object.keys(postUser.shape));

/** A post, or the part of one a form gave (the tagging tool's title, body, media…). */
export type PromptPost = Readonly<Record<string, unknown>>;

function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).filter(Boolean).join('、');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A placeholder's text, or undefined when it names no field of a post. */
function placeholderText(source: PromptPost, field: string, subField?: string) {
  if (subField === undefined) {
    return POST_FIELDS.has(field) || Object.hasOwn(source, field)
      ? asText(source[field])
      : undefined;
  }
  if (field !== 'user' || !USER_FIELDS.has(subField)) return undefined;
  const user = source.user;
  return asText(user && typeof user === 'object' ? (user as PromptPost)[subField] : undefined);
}

/**
 * A prompt's messages with `{field}` placeholders filled from a post: a field the post lacks
 * becomes empty, a placeholder that names no post field stays as written. Values go in once, as
 * plain text: a value that itself reads `{title}` is not filled again.
 */
export function fillPrompt(messages: readonly ChatMessage[], source: PromptPost): ChatMessage[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content.replace(
      PLACEHOLDER,
      (whole, field: string, subField?: string) =>
        placeholderText(source, field, subField) ?? whole,
    ),
  }));
}
