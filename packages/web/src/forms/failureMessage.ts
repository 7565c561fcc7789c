import type { Translate } from '../i18n/useT';

/** The bare message, or the message with the error's reason when the error gives one. */
export const failureMessage = (
  error: unknown,
  bare: string,
  withReason: (reason: string) => string,
): string => (error instanceof Error && error.message ? withReason(error.message) : bare);

/** 保存失败, or 保存失败：<the reason>. */
export const saveFailedMessage = (error: unknown, t: Translate): string =>
  failureMessage(error, t('保存失败'), (reason) => t('保存失败：{reason}', { reason }));
