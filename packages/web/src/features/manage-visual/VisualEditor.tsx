import { Button, Empty, Modal, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useT, type Translate } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { EditorCanvas } from './EditorCanvas';
import { EditorToolbar } from './EditorToolbar';
import { useEditorStore } from './editorStore';
import { PageList } from './PageList';
import { SidePanel } from './SidePanel';
import { StaleLocalModal, StaleSaveModal } from './StaleDialogs';
import { LeaveGuard } from '../../components/LeaveGuard';
import styles from './VisualEditor.module.css';

const leaveConfirm = (t: Translate) => ({
  title: t('有未保存的修改'),
  content: t('修改仍保存在本浏览器中，回到可视化配置时可以继续。确定离开吗？'),
  okText: t('离开'),
  cancelText: t('留下'),
});

/** #/manage: the draft of the project's dashboard, edited locally until saved. */
export function VisualEditor() {
  const t = useT();
  const { location } = useSession();
  const status = useEditorStore((state) => state.status);
  const dirty = useEditorStore((state) => state.dirty);
  const load = useEditorStore((state) => state.load);
  const [modal, contextHolder] = Modal.useModal();

  const { repository, customer, project, subject_id } = location;
  useEffect(() => {
    void load({ repository, customer, project, subject_id });
  }, [load, repository, customer, project, subject_id]);

  if (status === 'error')
    return (
      <Result
        status="error"
        title={t('草稿加载失败')}
        extra={
          <Button onClick={() => void load({ repository, customer, project, subject_id })}>
            {t('重试')}
          </Button>
        }
      />
    );
  if (status !== 'ready')
    return (
      <div className={styles.center}>
        <Spin />
      </div>
    );

  return (
    <div className={styles.editor} data-testid="manage-editor">
      {contextHolder}
      <LeaveGuard dirty={dirty} modal={modal} confirm={leaveConfirm(t)} />
      <EditorToolbar modal={modal} />
      <div className={styles.body}>
        <PageList />
        <main className={styles.canvas} data-testid="manage-canvas">
          <CanvasForSelection />
        </main>
        <SidePanel />
      </div>
      <StaleSaveModal />
      <StaleLocalModal />
    </div>
  );
}

function CanvasForSelection() {
  const t = useT();
  const dashboard = useEditorStore((state) => state.dashboard);
  const pageKey = useEditorStore((state) => state.pageKey);
  const timeZone = useEditorStore((state) => state.detail?.project.timezone ?? 'Asia/Shanghai');
  const page = pageKey ? dashboard.pages[pageKey] : undefined;
  if (!pageKey || !page)
    return (
      <div className={styles.center}>
        <Empty
          description={
            dashboard.menu.length ? t('选择左侧的页面') : t('还没有页面：点击左上角 + 添加')
          }
        />
      </div>
    );
  return <EditorCanvas pageKey={pageKey} page={page} dashboard={dashboard} timeZone={timeZone} />;
}
