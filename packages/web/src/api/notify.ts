import { MESSAGE_DEBOUNCE_MS } from '@yuqing/core';
import { message } from 'antd';
import { currentT } from '../i18n/useT';

export type MessageType = 'error' | 'warning' | 'info' | 'success';

const pending = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Shows `text` once the same message has been quiet for the debounce time, so that a burst of
 * failing calls (a dashboard loads many charts at once) gives one toast, not one per call. A
 * text with a translation (a server's or core's message) shows in the locale.
 */
export function notify(text: string, type: MessageType = 'error'): void {
  const key = `${type}:${text}`;
  clearTimeout(pending.get(key));
  pending.set(
    key,
    setTimeout(() => {
      pending.delete(key);
      void message.open({ key, type, content: currentT().label(text) });
    }, MESSAGE_DEBOUNCE_MS),
  );
}
