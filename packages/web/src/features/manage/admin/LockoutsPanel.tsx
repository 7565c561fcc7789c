import { ReloadOutlined } from '@ant-design/icons';
import type { LoginLockout, LoginLockoutKind } from '@yuqing/core';
import { Button, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { fetchLoginLockouts } from '../../../api/admin';
import { formatInstant } from './dates';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const KINDS: Record<LoginLockoutKind, { label: string; color: string; tip: string }> = {
  address: { label: '地址锁定', color: 'red', tip: '该地址的登录被拒绝，直到解除时间' },
  account: { label: '账号限速', color: 'orange', tip: '该账号每次尝试需等待逐次加倍的时间' },
};

/** Whether the lockout still holds at `now`. */
export function isActive(lockout: LoginLockout, now: number): boolean {
  return Date.parse(lockout.until) > now;
}

/** 登录锁定: addresses locked out and accounts slowed down after repeated wrong passwords. */
export function LockoutsPanel() {
  // Whether a lockout still holds is judged at the moment the list was read.
  const { remote, reload } = useRemote(
    async () => ({ list: await fetchLoginLockouts(), readAt: Date.now() }),
    'lockouts',
  );
  const now = remote.data?.readAt ?? 0;

  const columns: ColumnsType<LoginLockout> = [
    {
      title: '类型',
      key: 'kind',
      width: 110,
      render: (_, lockout) => (
        <Tag color={KINDS[lockout.kind].color} title={KINDS[lockout.kind].tip}>
          {KINDS[lockout.kind].label}
        </Tag>
      ),
    },
    { title: '用户名', dataIndex: 'username', key: 'username' },
    { title: '地址', dataIndex: 'address', key: 'address', width: 170 },
    { title: '失败次数', dataIndex: 'failures', key: 'failures', width: 100, align: 'right' },
    {
      title: '开始时间',
      key: 'startedAt',
      width: 180,
      render: (_, lockout) => formatInstant(lockout.startedAt),
    },
    {
      title: '最近失败',
      key: 'lastFailureAt',
      width: 180,
      render: (_, lockout) => formatInstant(lockout.lastFailureAt),
    },
    {
      title: '解除时间',
      key: 'until',
      width: 250,
      render: (_, lockout) => (
        <span>
          {formatInstant(lockout.until)}{' '}
          {isActive(lockout, now) ? <Tag color="red">生效中</Tag> : <Tag>已解除</Tag>}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.muted}>
          连续输错密码时：同一地址被暂时拒绝登录，同一账号每次尝试需等待；列出最近 200 条
        </span>
        <Button
          icon={<ReloadOutlined />}
          onClick={reload}
          className={styles.toolbarEnd}
          data-testid="admin-lockouts-reload"
        >
          刷新
        </Button>
      </div>
      <Table<LoginLockout>
        size="middle"
        rowKey="id"
        loading={remote.status === 'loading'}
        columns={columns}
        dataSource={remote.data?.list ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        onRow={(lockout) =>
          ({ 'data-testid': `admin-lockout-${lockout.kind}-${lockout.username}` }) as object
        }
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />,
        }}
      />
    </>
  );
}
