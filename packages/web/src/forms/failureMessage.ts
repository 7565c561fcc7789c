import { message } from 'antd';
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

/**
 * Runs a save with the form's saving flag up, and tells the user how it went: 保存成功, or the
 * failure with its reason. Answers whether it saved.
 */
export async function saveWithMessages(
  save: () => Promise<unknown>,
  setSaving: (saving: boolean) => void,
  t: Translate,
): Promise<boolean> {
  setSaving(true);
  try {
    await save();
  } catch (error) {
    void message.error(saveFailedMessage(error, t));
    return false;
  } finally {
    setSaving(false);
  }
  void message.success(t('保存成功'));
  return true;
}
