import { Modal } from 'antd';
import { useEffect } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before leaving the editor with unsaved edits: the browser's own prompt on reload or
 * close, a confirmation on a route change inside the app.
 */
export function useLeaveGuard(dirty: boolean, modal: ReturnType<typeof Modal.useModal>[0]) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const instance = modal.confirm({
      title: '有未保存的修改',
      content: '修改仍保存在本浏览器中，回到可视化配置时可以继续。确定离开吗？',
      okText: '离开',
      cancelText: '留下',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    return () => instance.destroy();
  }, [blocker, modal]);
}
