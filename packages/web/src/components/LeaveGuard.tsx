import type { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { useT } from '../i18n/useT';

interface LeaveGuardProps {
  /** Whether there are unsaved edits; the guard is only there while there are. */
  dirty: boolean;
  modal: ReturnType<typeof Modal.useModal>[0];
  /** The dialog's texts as shown; a Chinese text of the tables (a `zh()` constant) is shown translated. */
  confirm: { title: string; content: string; okText: string; cancelText: string; danger?: boolean };
}

/**
 * Asks before leaving a manage screen with unsaved edits: the browser's own prompt on reload or
 * close, and the `confirm` dialog on a route change inside the app. It is mounted only while there
 * are edits: a router blocker in place warns of every address change made outside the router (a
 * typed hash, a link), edits or not.
 */
export function LeaveGuard({ dirty, ...props }: LeaveGuardProps) {
  return dirty ? <ActiveGuard {...props} /> : null;
}

function ActiveGuard({ modal, confirm }: Omit<LeaveGuardProps, 'dirty'>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);

  const t = useT();
  const title = t.label(confirm.title);
  const content = t.label(confirm.content);
  const okText = t.label(confirm.okText);
  const cancelText = t.label(confirm.cancelText);
  const { danger } = confirm;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const instance = modal.confirm({
      title,
      content,
      okText,
      cancelText,
      okButtonProps: { danger },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => instance.destroy();
  }, [blocker, modal, title, content, okText, cancelText, danger]);
  return null;
}
