import type { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving 数据配置 with an unsaved data item: the browser's prompt on reload or
 * close, a confirmation when another screen of the app is opened.
 */
export function useUnsavedGuard(
  dirty: boolean,
  name: string | undefined,
  modal: ReturnType<typeof Modal.useModal>[0],
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

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const instance = modal.confirm({
      title: '放弃未保存的修改？',
      content: `「${name ?? ''}」有未保存的修改，离开后将丢失。`,
      okText: '放弃修改',
      cancelText: '继续编辑',
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => instance.destroy();
  }, [blocker, modal, name]);
}
