import { PlusOutlined, WechatOutlined } from '@ant-design/icons';
import type { AdminTenancy, AdminUser, UpdateUser } from '@yuqing/core';
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { fetchUsers, updateUser, type UserFilter } from '../../api/admin';
import { zh, type ZhText } from '../../i18n/translateText';
import { useT } from '../../i18n/useT';
import { CreateUserModal } from './CreateUserModal';
import { formatDay } from './dates';
import { refusalText } from './formRules';
import { ProjectRolesModal } from './ProjectRolesModal';
import { projectOptions } from './projectOptions';
import { ResetPasswordModal } from './ResetPasswordModal';
import { ROLE_LABELS } from './roles';
import { EnabledTag } from './statusTags';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const PAGE_SIZE = 20;

/** 用户: every account with its projects and roles; create, disable, reset, grant. */
export function UsersPanel({ tenancy }: { tenancy: AdminTenancy }) {
  const t = useT();
  const [filter, setFilter] = useState<UserFilter>({ page: 1, size: PAGE_SIZE });
  const [typed, setTyped] = useState('');
  const { remote, reload, replace } = useRemote(() => fetchUsers(filter), JSON.stringify(filter));
  const [creating, setCreating] = useState(false);
  const [editingRoles, setEditingRoles] = useState<string>();
  const [resetting, setResetting] = useState<AdminUser>();
  const [busy, setBusy] = useState<string>();
  const projects = new Map(tenancy.projects.map((project) => [project.id, project]));
  const users = remote.data?.items ?? [];

  function showChanged(user: AdminUser) {
    replace((page) => ({
      ...page,
      items: page.items.map((each) => (each.id === user.id ? user : each)),
    }));
  }

  async function change(user: AdminUser, update: UpdateUser, done: ZhText) {
    setBusy(user.id);
    try {
      showChanged(await updateUser(user.id, update));
      void message.success(t(done));
    } catch (error) {
      void message.error(t('操作失败：{reason}', { reason: refusalText(error, t) }));
    } finally {
      setBusy(undefined);
    }
  }

  const columns: ColumnsType<AdminUser> = [
    {
      title: t('用户'),
      key: 'user',
      width: 220,
      render: (_, user) => (
        <span>
          {user.nickname} <span className={styles.code}>{user.username}</span>
        </span>
      ),
    },
    {
      title: t('项目与角色'),
      key: 'projects',
      render: (_, user) => (
        <div className={styles.tags}>
          {user.isSuperAdmin && <Tag color="gold">{t('超级管理员')}</Tag>}
          {user.projects.map(({ projectId, role }) => {
            const project = projects.get(projectId);
            return (
              <Tag key={projectId} color={role === 'admin' ? 'blue' : undefined}>
                {project ? `${project.customerName} / ${project.name}` : projectId} ·{' '}
                {t(ROLE_LABELS[role])}
              </Tag>
            );
          })}
          {!user.isSuperAdmin && user.projects.length === 0 && (
            <span className={styles.muted}>{t('未加入项目')}</span>
          )}
        </div>
      ),
    },
    {
      title: t('状态'),
      key: 'status',
      width: 90,
      render: (_, user) => <EnabledTag disabled={user.disabled} />,
    },
    {
      title: t('微信'),
      key: 'wx',
      width: 90,
      render: (_, user) =>
        user.wxBound ? (
          <Tag color="green" icon={<WechatOutlined />}>
            {t('已绑定')}
          </Tag>
        ) : (
          <span className={styles.muted}>{t('未绑定')}</span>
        ),
    },
    {
      title: t('创建时间'),
      key: 'createdAt',
      width: 110,
      render: (_, user) => formatDay(user.createdAt),
    },
    {
      title: t('操作'),
      key: 'actions',
      width: 360,
      render: (_, user) => (
        <Space size={0} wrap>
          <Button
            type="link"
            size="small"
            onClick={() => setEditingRoles(user.id)}
            data-testid={`admin-user-roles-${user.username}`}
          >
            {t('项目角色')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setResetting(user)}
            data-testid={`admin-user-reset-${user.username}`}
          >
            {t('重置密码')}
          </Button>
          <Popconfirm
            title={
              user.isSuperAdmin
                ? t('取消「{name}」的超级管理员？', { name: user.nickname })
                : t('将「{name}」设为超级管理员？', { name: user.nickname })
            }
            description={
              user.isSuperAdmin
                ? t('取消后只保留其在各项目中的角色。')
                : t('超级管理员可管理全部客户、项目与用户。')
            }
            okText={t('确定')}
            cancelText={t('取消')}
            onConfirm={() =>
              change(
                user,
                { isSuperAdmin: !user.isSuperAdmin },
                user.isSuperAdmin ? zh('已取消超级管理员') : zh('已设为超级管理员'),
              )
            }
          >
            <Button
              type="link"
              size="small"
              loading={busy === user.id}
              data-testid={`admin-user-super-${user.username}`}
            >
              {user.isSuperAdmin ? t('取消超级管理员') : t('设为超级管理员')}
            </Button>
          </Popconfirm>
          {user.disabled ? (
            <Button
              type="link"
              size="small"
              onClick={() => void change(user, { disabled: false }, zh('已启用用户'))}
              data-testid={`admin-user-toggle-${user.username}`}
            >
              {t('启用')}
            </Button>
          ) : (
            <Popconfirm
              title={t('停用「{name}」？', { name: user.nickname })}
              description={t('停用后该账号立即退出，且不能登录任何项目。')}
              okText={t('停用')}
              okButtonProps={{ danger: true }}
              cancelText={t('取消')}
              onConfirm={() => change(user, { disabled: true }, zh('已停用用户'))}
            >
              <Button
                type="link"
                size="small"
                danger
                data-testid={`admin-user-toggle-${user.username}`}
              >
                {t('停用')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Input.Search
          allowClear
          placeholder={t('按用户名或昵称查找')}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          onSearch={(q) =>
            setFilter((current) => ({ ...current, q: q.trim() || undefined, page: 1 }))
          }
          className={styles.search}
          data-testid="admin-user-search"
        />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('全部项目')}
          value={filter.projectId}
          onChange={(projectId?: string) =>
            setFilter((current) => ({ ...current, projectId, page: 1 }))
          }
          options={projectOptions(tenancy, t)}
          className={styles.filter}
        />
        <span className={styles.muted}>
          {t('共 {total} 个用户', { total: remote.data?.total ?? 0 })}
        </span>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          className={styles.toolbarEnd}
          data-testid="admin-user-add"
        >
          {t('新建用户')}
        </Button>
      </div>
      <Table<AdminUser>
        size="middle"
        rowKey="id"
        loading={remote.status === 'loading'}
        columns={columns}
        dataSource={users}
        onRow={(user) => ({ 'data-testid': `admin-user-${user.username}` }) as object}
        pagination={{
          current: filter.page,
          pageSize: filter.size,
          total: remote.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: (page) => setFilter((current) => ({ ...current, page })),
        }}
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={filter.q || filter.projectId ? t('没有匹配的用户') : t('暂无数据')}
            />
          ),
        }}
      />
      <CreateUserModal
        open={creating}
        tenancy={tenancy}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          void message.success(t('已创建用户「{name}」', { name: user.username }));
          reload();
        }}
      />
      <ProjectRolesModal
        user={users.find((user) => user.id === editingRoles)}
        tenancy={tenancy}
        onClose={() => setEditingRoles(undefined)}
        onChanged={showChanged}
      />
      <ResetPasswordModal
        user={resetting}
        onClose={() => setResetting(undefined)}
        onChanged={(user) => {
          showChanged(user);
          void message.success(t('密码已重置'));
        }}
      />
    </>
  );
}
