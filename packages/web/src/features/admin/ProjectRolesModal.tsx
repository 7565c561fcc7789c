import { PlusOutlined } from '@ant-design/icons';
import type { AdminMembership, AdminTenancy, AdminUser, Role } from '@yuqing/core';
import { Alert, Button, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { removeMembership, setMembership } from '../../api/admin';
import { useT } from '../../i18n/useT';
import { refusalText } from './formRules';
import { projectOptions } from './projectOptions';
import { roleOptions } from './roles';
import { projectLabel } from './tenancyTree';
import styles from './AdminConsole.module.css';

interface ProjectRolesModalProps {
  user: AdminUser | undefined;
  tenancy: AdminTenancy;
  onClose: () => void;
  onChanged: (user: AdminUser) => void;
}

/**
 * 项目角色: the user's projects with their role there; each change is sent at once and the list
 * shows what the server answered.
 */
export function ProjectRolesModal({ user, tenancy, onClose, onChanged }: ProjectRolesModalProps) {
  const t = useT();
  const roles = roleOptions(t);
  const [adding, setAdding] = useState<{ projectId?: string; role: Role }>({ role: 'viewer' });
  const [busy, setBusy] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const projects = new Map(tenancy.projects.map((project) => [project.id, project]));

  async function change(key: string, send: () => Promise<AdminUser>): Promise<boolean> {
    setBusy(key);
    setFailure(undefined);
    try {
      onChanged(await send());
      return true;
    } catch (error) {
      setFailure(refusalText(error, t));
      return false;
    } finally {
      setBusy(undefined);
    }
  }

  function close() {
    setAdding({ role: 'viewer' });
    setFailure(undefined);
    onClose();
  }

  const memberships = user?.projects ?? [];
  const nameOf = (projectId: string) => {
    const project = projects.get(projectId);
    return project
      ? t('{name}（{detail}）', { name: projectLabel(project), detail: project.code })
      : projectId;
  };

  return (
    <Modal
      open={user !== undefined}
      title={t('项目角色：{nickname}（{username}）', {
        nickname: user?.nickname ?? '',
        username: user?.username ?? '',
      })}
      onCancel={close}
      footer={<Button onClick={close}>{t('完成')}</Button>}
      width={640}
      destroyOnHidden
    >
      {user?.isSuperAdmin && (
        <Alert
          type="info"
          showIcon
          title={t('超级管理员在所有项目中都是管理员；下面的角色在取消超级管理员后生效。')}
          style={{ marginBottom: 12 }}
        />
      )}
      <Table<AdminMembership>
        size="small"
        rowKey="projectId"
        dataSource={memberships}
        pagination={false}
        locale={{ emptyText: t('尚未加入任何项目') }}
        onRow={(membership) =>
          ({
            'data-testid': `admin-role-${projects.get(membership.projectId)?.code ?? ''}`,
          }) as object
        }
        columns={[
          { title: t('项目'), key: 'project', render: (_, { projectId }) => nameOf(projectId) },
          {
            title: t('角色'),
            key: 'role',
            width: 130,
            render: (_, { projectId, role }) => (
              <Select
                value={role}
                options={roles}
                disabled={busy !== undefined}
                loading={busy === projectId}
                onChange={(next: Role) =>
                  void change(projectId, () => setMembership(user!.id, projectId, next))
                }
                style={{ width: 110 }}
              />
            ),
          },
          {
            title: t('操作'),
            key: 'actions',
            width: 80,
            render: (_, { projectId }) => (
              <Popconfirm
                title={t('将该用户移出「{project}」？', { project: nameOf(projectId) })}
                okText={t('移出')}
                okButtonProps={{ danger: true }}
                cancelText={t('取消')}
                onConfirm={() => change(projectId, () => removeMembership(user!.id, projectId))}
              >
                <Button type="link" size="small" danger disabled={busy !== undefined}>
                  {t('移出')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
      <div className={styles.toolbar} style={{ marginTop: 16, marginBottom: 0 }}>
        <Space.Compact style={{ flex: 1 }}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t('选择要加入的项目')}
            value={adding.projectId}
            onChange={(projectId: string) => setAdding((current) => ({ ...current, projectId }))}
            options={projectOptions(tenancy, t, new Set(memberships.map((each) => each.projectId)))}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="admin-role-project"
          />
          <Select
            value={adding.role}
            onChange={(role: Role) => setAdding((current) => ({ ...current, role }))}
            options={roles}
            style={{ width: 110 }}
            data-testid="admin-role-role"
          />
        </Space.Compact>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={!adding.projectId}
          loading={busy === 'add'}
          onClick={async () => {
            const { projectId, role } = adding;
            if (!projectId || !user) return;
            const done = await change('add', () => setMembership(user.id, projectId, role));
            if (done) setAdding({ role: 'viewer' });
          }}
          data-testid="admin-role-add"
        >
          {t('加入项目')}
        </Button>
      </div>
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          style={{ marginTop: 12 }}
          data-testid="admin-role-failure"
        />
      )}
    </Modal>
  );
}
