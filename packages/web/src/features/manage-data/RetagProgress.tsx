import { SyncOutlined } from '@ant-design/icons';
import { retagPercent, type RetagStatus } from '@yuqing/core';
import { Button, Popconfirm, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchRetagStatus, startRetag } from '../../api/tags';
import { useT } from '../../i18n/useT';
import styles from './ManageData.module.css';

/** How often a running re-tag's progress is asked for. */
const POLL_MS = 1000;

const PROGRESS_STATUS = { running: 'active', done: 'success', failed: 'exception' } as const;

/**
 * Re-tags the project's stored posts by its current rules (after a rule change), once the user
 * agrees to what it will do, with the job's progress; a failed job started again goes on where it
 * stopped.
 */
export function RetagProgress() {
  const t = useT();
  const [status, setStatus] = useState<RetagStatus>();
  const [starting, setStarting] = useState(false);
  const running = status?.state === 'running';

  useEffect(() => {
    if (status && !running) return undefined;
    const timer = setTimeout(
      () => fetchRetagStatus().then(setStatus, () => undefined),
      status ? POLL_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [status, running]);

  async function start() {
    setStarting(true);
    try {
      setStatus(await startRetag());
    } catch {
      // The client has shown why.
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className={styles.retag} data-testid="retag">
      <Popconfirm
        title={t('重新标注已有数据？')}
        description={
          <span className={styles.confirmText}>
            {t(
              '将按当前标注规则重新标注本项目的全部已有数据，标签随进度逐步更新，数据多时需要几分钟。人工修改的情感与重复标记不变。',
            )}
          </span>
        }
        okText={t('开始标注')}
        cancelText={t('取消')}
        onConfirm={() => void start()}
        disabled={starting || running}
      >
        <Button icon={<SyncOutlined />} loading={starting || running}>
          {t('重新标注已有数据')}
        </Button>
      </Popconfirm>
      {status && status.state !== 'idle' && (
        <>
          <Progress
            percent={retagPercent(status)}
            size="small"
            status={PROGRESS_STATUS[status.state]}
            data-testid="retag-progress"
          />
          <Typography.Text type={status.state === 'failed' ? 'danger' : 'secondary'}>
            {status.error ??
              t('已标注 {done} / {total} 条', {
                done: status.done.toLocaleString(),
                total: status.total.toLocaleString(),
              })}
          </Typography.Text>
        </>
      )}
    </div>
  );
}
