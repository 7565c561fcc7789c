import { UserAddOutlined, WechatOutlined } from '@ant-design/icons';
import type { MemberAction, ProjectMember } from '@yuqing/core';
import { Button, Popconfirm, Space, Table, Tag, Tooltip, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactElement } from 'react';
import { changeMember } from '../../api/manageSys';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { AddMemberModal } from './AddMemberModal';
import { memberLock } from './memberLock';
import { ResetPasswordModal } from './ResetPasswordModal';
import styles from './ManageSys.module.css';

interface MembersPanelProps {
  members: ProjectMember[];
  onChange: (members: ProjectMember[]) => void;
}

const DONE: Record<MemberAction['action'], ZhText> = {
  add: zh('已添加成员'),
  role: zh('已修改角色'),
  disable: zh('已修改状态'),
  reset_password: zh('密码已重置'),
  remove: zh('已移除成员'),
};

/** Wraps a control in the reason it is disabled, if it is. */
function locked(reason: string | undefined, control: ReactElement) {
  return reason ? <Tooltip title={reason}>{control}</Tooltip> : control;
}

/** The project's members and what a super admin may change: roles, access, passwords. */
export function MembersPanel({ members, onChange }: MembersPanelProps) {
  const t = useT();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState<ProjectMember>();
  const [busy, setBusy] = useState<string>();

  async function act(action: MemberAction, busyKey?: string): Promise<boolean> {
    setBusy(busyKey);
    try {
      onChange(await changeMember(action));
    } catch (error) {
      void message.error(
        error instanceof Error && error.message
          ? t('操作失败：{reason}', { reason: error.message })
          : t('操作失败'),
      );
      return false;
    } finally {
      setBusy(undefined);
    }
    void message.success(t(DONE[action.action]));
    return true;
  }

  const columns: ColumnsType<ProjectMember> = [
    { title: t('用户名'), dataIndex: 'username', key: 'username' },
    { title: t('昵称'), dataIndex: 'nickname', key: 'nickname' },
    {
      title: t('角色'),
      key: 'role',
      render: (_, member) => (
        <Space size={4}>
          {member.isSuperAdmin && <Tag color="gold">{t('超级管理员')}</Tag>}
          {member.role === 'admin' ? <Tag color="blue">{t('管理员')}</Tag> : <Tag>{t('成员')}</Tag>}
        </Space>
      ),
    },
    {
      title: t('状态'),
      key: 'status',
      render: (_, member) =>
        member.disabled ? (
          <Tag color="red">{t('已停用')}</Tag>
        ) : (
          <Tag color="green">{t('正常')}</Tag>
        ),
    },
    {
      title: t('微信'),
      key: 'wx',
      render: (_, member) =>
        member.wxBound ? (
          <Tag color="green" icon={<WechatOutlined />}>
            {t('已绑定')}
          </Tag>
        ) : (
          <span className={styles.muted}>{t('未绑定')}</span>
        ),
    },
    {
      title: t('操作'),
      key: 'actions',
      render: (_, member) => {
        const lock = memberLock(member);
        const reason = lock && t(lock);
        const disabled = reason !== undefined;
        const { username, id } = member;
        const makeAdmin = member.role !== 'admin';
        return (
          <Space size={0} wrap>
            {locked(
              reason,
              <Button
                type="link"
                size="small"
                disabled={disabled}
                loading={busy === `role-${id}`}
                onClick={() =>
                  void act(
                    { action: 'role', userId: id, role: makeAdmin ? 'admin' : 'viewer' },
                    `role-${id}`,
                  )
                }
                data-testid={`sys-member-role-${username}`}
              >
                {makeAdmin ? t('设为管理员') : t('设为成员')}
              </Button>,
            )}
            {locked(
              reason,
              member.disabled ? (
                <Button
                  type="link"
                  size="small"
                  disabled={disabled}
                  loading={busy === `disable-${id}`}
                  onClick={() =>
                    void act({ action: 'disable', userId: id, disabled: false }, `disable-${id}`)
                  }
                  data-testid={`sys-member-disable-${username}`}
                >
                  {t('启用')}
                </Button>
              ) : (
                <Popconfirm
                  title={t('停用「{name}」？', { name: member.nickname })}
                  description={t('停用后该账号立即退出，且不能登录任何项目。')}
                  okText={t('停用')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('取消')}
                  disabled={disabled}
                  onConfirm={() =>
                    act({ action: 'disable', userId: id, disabled: true }, `disable-${id}`)
                  }
                >
                  <Button
                    type="link"
                    size="small"
                    danger
                    disabled={disabled}
                    loading={busy === `disable-${id}`}
                    data-testid={`sys-member-disable-${username}`}
                  >
                    {t('停用')}
                  </Button>
                </Popconfirm>
              ),
            )}
            {locked(
              reason,
              <Button
                type="link"
                size="small"
                disabled={disabled}
                onClick={() => setResetting(member)}
                data-testid={`sys-member-reset-${username}`}
              >
                {t('重置密码')}
              </Button>,
            )}
            {locked(
              reason,
              <Popconfirm
                title={t('从本项目移除「{name}」？', { name: member.nickname })}
                description={t('账号保留，只是不能再打开本项目。')}
                okText={t('移除')}
                okButtonProps={{ danger: true }}
                cancelText={t('取消')}
                disabled={disabled}
                onConfirm={() => act({ action: 'remove', userId: id }, `remove-${id}`)}
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  disabled={disabled}
                  loading={busy === `remove-${id}`}
                  data-testid={`sys-member-remove-${username}`}
                >
                  {t('移除')}
                </Button>
              </Popconfirm>,
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>
          {t('成员#标题')}{' '}
          <span className={styles.muted}>{t('{count} 人', { count: members.length })}</span>
        </h2>
        <Button
          type="primary"
          icon={<UserAddOutlined />}
          onClick={() => setAdding(true)}
          data-testid="sys-member-add"
        >
          {t('添加成员')}
        </Button>
      </div>
      <Table<ProjectMember>
        size="middle"
        rowKey="id"
        columns={columns}
        dataSource={members}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        onRow={(member) => ({ 'data-testid': `sys-member-${member.username}` }) as object}
        locale={{ emptyText: t('暂无成员') }}
      />
      <AddMemberModal
        open={adding}
        onCancel={() => setAdding(false)}
        onSubmit={async (action) => {
          const done = await act(action);
          if (done) setAdding(false);
          return done;
        }}
      />
      <ResetPasswordModal
        member={resetting}
        onCancel={() => setResetting(undefined)}
        onSubmit={async (action) => {
          const done = await act(action);
          if (done) setResetting(undefined);
          return done;
        }}
      />
    </>
  );
}
