import type { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving a manage screen with unsaved edits: the browser's own prompt on reload or
 * close, and the `confirm` dialog on a route change inside the app.
 */
export function useLeaveGuard(
  dirty: boolean,
  modal: ReturnType<typeof Modal.useModal>[0],
  confirm: { title: string; content: string; okText: string; cancelText: string; danger?: boolean },
) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const { title, content, okText, cancelText, danger } = confirm;
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
}
