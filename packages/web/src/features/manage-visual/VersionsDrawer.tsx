import { projectPath } from '@yuqing/core';
import { Button, Drawer, List, Popconfirm, Space, Tag, type ButtonProps } from 'antd';
import { useState } from 'react';
import { fetchVersions } from '../../api/manage';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { useFetchedList } from '../../api/useFetchedList';
import { useEditorStore } from './editorStore';

interface VersionsDrawerProps {
  open: boolean;
  onClose(): void;
}

const when = (iso: string) =>
  new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });

/** Every published version: open one in the viewer, or roll back to it. */
export function VersionsDrawer({ open, onClose }: VersionsDrawerProps) {
  const t = useT();
  const { location } = useSession();
  const rollback = useEditorStore((state) => state.rollback);
  /** Raised to read the list again after a rollback (which adds a version). */
  const [rollbacks, setRollbacks] = useState(0);
  const versions = useFetchedList(fetchVersions, open, rollbacks);
  const [busy, setBusy] = useState<number | undefined>(undefined);

  const viewerUrl = (version: number) =>
    `${projectPath({ ...location, version: String(version) })}#/`;

  const onRollback = async (version: number) => {
    setBusy(version);
    const done = await rollback(version);
    setBusy(undefined);
    if (done) {
      notify(t('已回滚到版本 {version}', { version }), 'success');
      setRollbacks((count) => count + 1);
    } else notify(t('回滚失败'));
  };

  return (
    <Drawer
      title={t('发布版本')}
      open={open}
      onClose={onClose}
      size={440}
      data-testid="manage-versions-drawer"
    >
      <List
        loading={versions === undefined}
        dataSource={versions ?? []}
        locale={{ emptyText: t('还没有发布过') }}
        renderItem={(item, index) => (
          <List.Item
            data-testid={`manage-version-${item.version}`}
            actions={[
              <Button
                key="view"
                size="small"
                href={viewerUrl(item.version)}
                target="_blank"
                data-testid={`manage-version-view-${item.version}`}
              >
                {t('查看')}
              </Button>,
              <Popconfirm
                key="rollback"
                title={t('回滚到版本 {version}？', { version: item.version })}
                description={t('该版本将作为新版本发布，并成为草稿')}
                okText={t('回滚')}
                cancelText={t('取消')}
                okButtonProps={{ 'data-testid': 'manage-rollback-ok' } as ButtonProps}
                onConfirm={() => onRollback(item.version)}
              >
                <Button
                  size="small"
                  danger
                  disabled={index === 0}
                  loading={busy === item.version}
                  data-testid={`manage-version-rollback-${item.version}`}
                >
                  {t('回滚')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {t('版本 {version}', { version: item.version })}
                  {index === 0 && <Tag color="green">{t('当前')}</Tag>}
                </Space>
              }
              description={`${when(item.publishedAt)}${item.publishedBy ? ` · ${item.publishedBy}` : ''}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}
