import {
  CloudUploadOutlined,
  CopyOutlined,
  DownOutlined,
  HistoryOutlined,
  SaveOutlined,
} from '@ant-design/icons';
import { Badge, Button, Dropdown, Modal, Space, Tooltip, type ButtonProps } from 'antd';
import { useState } from 'react';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { CopyProjectModal } from './CopyProjectModal';
import { ExportTemplatesModal } from './ExportTemplatesModal';
import { useEditorStore } from './editorStore';
import { FromTemplateModal, SaveTemplateModal } from './TemplateDialogs';
import { dashboardProblems } from './validation';
import { VersionsDrawer } from './VersionsDrawer';
import styles from './VisualEditor.module.css';

type Dialog = 'versions' | 'saveTemplate' | 'fromTemplate' | 'exportTemplates' | 'copy' | undefined;

interface EditorToolbarProps {
  modal: ReturnType<typeof Modal.useModal>[0];
}

/** 保存, 发布, 版本, page templates, export templates and project copy. */
export function EditorToolbar({ modal }: EditorToolbarProps) {
  const t = useT();
  const dirty = useEditorStore((state) => state.dirty);
  const saving = useEditorStore((state) => state.saving);
  const revision = useEditorStore((state) => state.revision);
  const published = useEditorStore((state) => state.published);
  const save = useEditorStore((state) => state.save);
  const publish = useEditorStore((state) => state.publish);
  const [dialog, setDialog] = useState<Dialog>(undefined);
  const [publishing, setPublishing] = useState(false);

  /** Saves after checking the draft with the core schema; says where it is wrong. */
  const saveAll = async (): Promise<boolean> => {
    const problems = dashboardProblems(useEditorStore.getState().dashboard, t);
    if (problems.length > 0) {
      modal.error({
        title: t('配置有误，未保存'),
        content: (
          <div data-testid="manage-invalid">
            {problems.slice(0, 8).map((problem, index) => (
              <div key={index}>
                {t('{area}：{text}', { area: problem.area, text: problem.text })}
              </div>
            ))}
          </div>
        ),
      });
      return false;
    }
    const result = await save();
    if (result === 'saved') notify(t('保存成功'), 'success');
    else if (result === 'failed') notify(t('保存失败'));
    return result === 'saved';
  };

  const doPublish = async () => {
    setPublishing(true);
    const result = await publish();
    setPublishing(false);
    if (result === 'published') notify(t('发布成功'), 'success');
    else notify(t('发布失败'));
  };

  const onPublish = () => {
    if (!useEditorStore.getState().dirty) {
      void doPublish();
      return;
    }
    modal.confirm({
      title: t('有未保存的修改'),
      content: t('发布的是已保存的草稿。先保存当前修改再发布吗？'),
      okText: t('保存并发布'),
      cancelText: t('取消'),
      okButtonProps: { 'data-testid': 'manage-save-and-publish' } as ButtonProps,
      onOk: async () => {
        if (await saveAll()) await doPublish();
      },
    });
  };

  return (
    <div className={styles.toolbar}>
      <span className={styles.toolbarTitle}>{t('可视化配置')}</span>
      <span className={styles.toolbarMeta} data-testid="manage-status">
        {dirty ? (
          <Badge status="warning" text={t('有未保存的修改')} />
        ) : published?.revision === revision ? (
          <Badge
            status="processing"
            text={t('已发布 · 版本 {version}', { version: published.version })}
          />
        ) : (
          <Badge status="success" text={t('草稿已保存 · 修订 {revision}', { revision })} />
        )}
      </span>
      <span className={styles.toolbarSpacer} />
      <Space>
        <Dropdown
          menu={{
            items: [
              { key: 'fromTemplate', label: t('从模板创建页面') },
              { key: 'saveTemplate', label: t('另存为模板') },
              { type: 'divider' },
              { key: 'exportTemplates', label: t('导出模板（PPT / Word）') },
            ],
            onClick: ({ key }) => setDialog(key as Dialog),
          }}
        >
          <Button data-testid="manage-templates">
            {t('模板')} <DownOutlined />
          </Button>
        </Dropdown>
        <Button
          icon={<CopyOutlined />}
          onClick={() => setDialog('copy')}
          data-testid="manage-copy-project"
        >
          {t('复制项目')}
        </Button>
        <Button
          icon={<HistoryOutlined />}
          onClick={() => setDialog('versions')}
          data-testid="manage-versions"
        >
          {t('版本')}
        </Button>
        <Tooltip title={t('保存全部修改到草稿')}>
          <Button
            icon={<SaveOutlined />}
            loading={saving}
            onClick={() => void saveAll()}
            data-testid="manage-save"
          >
            {t('保存')}
          </Button>
        </Tooltip>
        <Tooltip title={t('把已保存的草稿发布给所有查看者')}>
          <Button
            type="primary"
            icon={<CloudUploadOutlined />}
            loading={publishing}
            onClick={onPublish}
            data-testid="manage-publish"
          >
            {t('发布')}
          </Button>
        </Tooltip>
      </Space>
      <VersionsDrawer open={dialog === 'versions'} onClose={() => setDialog(undefined)} />
      <SaveTemplateModal open={dialog === 'saveTemplate'} onClose={() => setDialog(undefined)} />
      <FromTemplateModal open={dialog === 'fromTemplate'} onClose={() => setDialog(undefined)} />
      <ExportTemplatesModal
        open={dialog === 'exportTemplates'}
        onClose={() => setDialog(undefined)}
      />
      <CopyProjectModal open={dialog === 'copy'} onClose={() => setDialog(undefined)} />
    </div>
  );
}
