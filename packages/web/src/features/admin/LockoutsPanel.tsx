import { ReloadOutlined } from '@ant-design/icons';
import type { LoginLockout, LoginLockoutKind } from '@yuqing/core';
import { Button, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { fetchLoginLockouts } from '../../api/admin';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { formatInstant } from './dates';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const KINDS: Record<LoginLockoutKind, { label: ZhText; color: string; tip: ZhText }> = {
  address: { label: zh('地址锁定'), color: 'red', tip: zh('该地址的登录被拒绝，直到解除时间') },
  account: {
    label: zh('账号限速'),
    color: 'orange',
    tip: zh('该账号每次尝试需等待逐次加倍的时间'),
  },
};

/** Whether the lockout still holds at `now`. */
export function isActive(lockout: LoginLockout, now: number): boolean {
  return Date.parse(lockout.until) > now;
}

/** 登录锁定: addresses locked out and accounts slowed down after repeated wrong passwords. */
export function LockoutsPanel() {
  const t = useT();
  // Whether a lockout still holds is judged at the moment the list was read.
  const { remote, reload } = useRemote(
    async () => ({ list: await fetchLoginLockouts(), readAt: Date.now() }),
    'lockouts',
  );
  const now = remote.data?.readAt ?? 0;

  const columns: ColumnsType<LoginLockout> = [
    {
      title: t('类型'),
      key: 'kind',
      width: 110,
      render: (_, lockout) => (
        <Tag color={KINDS[lockout.kind].color} title={t(KINDS[lockout.kind].tip)}>
          {t(KINDS[lockout.kind].label)}
        </Tag>
      ),
    },
    { title: t('用户名'), dataIndex: 'username', key: 'username' },
    { title: t('地址'), dataIndex: 'address', key: 'address', width: 170 },
    { title: t('失败次数'), dataIndex: 'failures', key: 'failures', width: 100, align: 'right' },
    {
      title: t('开始时间'),
      key: 'startedAt',
      width: 180,
      render: (_, lockout) => formatInstant(lockout.startedAt),
    },
    {
      title: t('最近失败'),
      key: 'lastFailureAt',
      width: 180,
      render: (_, lockout) => formatInstant(lockout.lastFailureAt),
    },
    {
      title: t('解除时间'),
      key: 'until',
      width: 250,
      render: (_, lockout) => (
        <span>
          {formatInstant(lockout.until)}{' '}
          {isActive(lockout, now) ? <Tag color="red">{t('生效中')}</Tag> : <Tag>{t('已解除')}</Tag>}
        </span>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.muted}>
          {t('连续输错密码时：同一地址被暂时拒绝登录，同一账号每次尝试需等待；列出最近 200 条')}
        </span>
        <Button
          icon={<ReloadOutlined />}
          onClick={reload}
          className={styles.toolbarEnd}
          data-testid="admin-lockouts-reload"
        >
          {t('刷新')}
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
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无数据')} />,
        }}
      />
    </>
  );
}
