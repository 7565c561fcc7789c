import { PlusOutlined, WechatOutlined } from '@ant-design/icons';
import type { AdminTenancy, AdminUser, UpdateUser } from '@yuqing/core';
import { Button, Empty, Input, Popconfirm, Select, Space, Table, Tag, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { fetchUsers, updateUser, type UserFilter } from '../../../api/admin';
import { CreateUserModal } from './CreateUserModal';
import { formatDay } from './dates';
import { refusalText } from './formRules';
import { ProjectRolesModal } from './ProjectRolesModal';
import { projectOptions } from './projectOptions';
import { ResetPasswordModal } from './ResetPasswordModal';
import { ROLE_LABELS } from './roles';
import { enabledTag } from './statusTags';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const PAGE_SIZE = 20;

/** 用户: every account with its projects and roles; create, disable, reset, grant. */
export function UsersPanel({ tenancy }: { tenancy: AdminTenancy }) {
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

  async function change(user: AdminUser, update: UpdateUser, done: string) {
    setBusy(user.id);
    try {
      showChanged(await updateUser(user.id, update));
      void message.success(done);
    } catch (error) {
      void message.error(`操作失败：${refusalText(error)}`);
    } finally {
      setBusy(undefined);
    }
  }

  const columns: ColumnsType<AdminUser> = [
    {
      title: '用户',
      key: 'user',
      width: 220,
      render: (_, user) => (
        <span>
          {user.nickname} <span className={styles.code}>{user.username}</span>
        </span>
      ),
    },
    {
      title: '项目与角色',
      key: 'projects',
      render: (_, user) => (
        <div className={styles.tags}>
          {user.isSuperAdmin && <Tag color="gold">超级管理员</Tag>}
          {user.projects.map(({ projectId, role }) => {
            const project = projects.get(projectId);
            return (
              <Tag key={projectId} color={role === 'admin' ? 'blue' : undefined}>
                {project ? `${project.customerName} / ${project.name}` : projectId} ·{' '}
                {ROLE_LABELS[role]}
              </Tag>
            );
          })}
          {!user.isSuperAdmin && user.projects.length === 0 && (
            <span className={styles.muted}>未加入项目</span>
          )}
        </div>
      ),
    },
    { title: '状态', key: 'status', width: 90, render: (_, user) => enabledTag(user.disabled) },
    {
      title: '微信',
      key: 'wx',
      width: 90,
      render: (_, user) =>
        user.wxBound ? (
          <Tag color="green" icon={<WechatOutlined />}>
            已绑定
          </Tag>
        ) : (
          <span className={styles.muted}>未绑定</span>
        ),
    },
    {
      title: '创建时间',
      key: 'createdAt',
      width: 110,
      render: (_, user) => formatDay(user.createdAt),
    },
    {
      title: '操作',
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
            项目角色
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => setResetting(user)}
            data-testid={`admin-user-reset-${user.username}`}
          >
            重置密码
          </Button>
          <Popconfirm
            title={
              user.isSuperAdmin
                ? `取消「${user.nickname}」的超级管理员？`
                : `将「${user.nickname}」设为超级管理员？`
            }
            description={
              user.isSuperAdmin
                ? '取消后只保留其在各项目中的角色。'
                : '超级管理员可管理全部客户、项目与用户。'
            }
            okText="确定"
            cancelText="取消"
            onConfirm={() =>
              change(
                user,
                { isSuperAdmin: !user.isSuperAdmin },
                user.isSuperAdmin ? '已取消超级管理员' : '已设为超级管理员',
              )
            }
          >
            <Button
              type="link"
              size="small"
              loading={busy === user.id}
              data-testid={`admin-user-super-${user.username}`}
            >
              {user.isSuperAdmin ? '取消超级管理员' : '设为超级管理员'}
            </Button>
          </Popconfirm>
          {user.disabled ? (
            <Button
              type="link"
              size="small"
              onClick={() => void change(user, { disabled: false }, '已启用用户')}
              data-testid={`admin-user-toggle-${user.username}`}
            >
              启用
            </Button>
          ) : (
            <Popconfirm
              title={`停用「${user.nickname}」？`}
              description="停用后该账号立即退出，且不能登录任何项目。"
              okText="停用"
              okButtonProps={{ danger: true }}
              cancelText="取消"
              onConfirm={() => change(user, { disabled: true }, '已停用用户')}
            >
              <Button
                type="link"
                size="small"
                danger
                data-testid={`admin-user-toggle-${user.username}`}
              >
                停用
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
          placeholder="按用户名或昵称查找"
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
          placeholder="全部项目"
          value={filter.projectId}
          onChange={(projectId?: string) =>
            setFilter((current) => ({ ...current, projectId, page: 1 }))
          }
          options={projectOptions(tenancy)}
          className={styles.filter}
        />
        <span className={styles.muted}>共 {remote.data?.total ?? 0} 个用户</span>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          className={styles.toolbarEnd}
          data-testid="admin-user-add"
        >
          新建用户
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
              description={filter.q || filter.projectId ? '没有匹配的用户' : '暂无数据'}
            />
          ),
        }}
      />
      <CreateUserModal
        open={creating}
        tenancy={tenancy}
        onClose={() => setCreating(false)}
        onCreated={(user) => {
          void message.success(`已创建用户「${user.username}」`);
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
          void message.success('密码已重置');
        }}
      />
    </>
  );
}
