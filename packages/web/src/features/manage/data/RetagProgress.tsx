import { SyncOutlined } from '@ant-design/icons';
import { retagPercent, type RetagStatus } from '@yuqing/core';
import { Button, Progress, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchRetagStatus, startRetag } from '../../../api/tags';
import styles from './ManageData.module.css';

/** How often a running re-tag's progress is asked for. */
const POLL_MS = 1000;

const PROGRESS_STATUS = { running: 'active', done: 'success', failed: 'exception' } as const;

/**
 * Re-tags the project's stored posts by its current rules (after a rule change), with the
 * job's progress; a failed job started again goes on where it stopped.
 */
export function RetagProgress() {
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
      <Button icon={<SyncOutlined />} loading={starting || running} onClick={() => void start()}>
        重新标注已有数据
      </Button>
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
              `已标注 ${status.done.toLocaleString()} / ${status.total.toLocaleString()} 条`}
          </Typography.Text>
        </>
      )}
    </div>
  );
}
