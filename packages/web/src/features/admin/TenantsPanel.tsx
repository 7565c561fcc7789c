import { ExportOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { AdminTenancy } from '@yuqing/core';
import { Button, Empty, Input, Popconfirm, Space, Table, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { updateCustomer, updateProject } from '../../api/admin';
import { useT } from '../../i18n/useT';
import { CreateCustomerModal } from './CreateCustomerModal';
import { CreateProjectModal } from './CreateProjectModal';
import { formatDay } from './dates';
import { refusalText } from './formRules';
import { RenameModal, type RenameTarget } from './RenameModal';
import { EnabledTag, ProjectStatusTag } from './statusTags';
import {
  projectStatus,
  rowCode,
  tenancyRows,
  withCustomer,
  withProject,
  type TenancyRow,
} from './tenancyTree';
import styles from './AdminConsole.module.css';

interface TenantsPanelProps {
  tenancy: AdminTenancy;
  loading: boolean;
  onChange: (update: (tenancy: AdminTenancy) => AdminTenancy) => void;
}

/** 客户与项目: every customer with its projects; create, rename, disable and enable them. */
export function TenantsPanel({ tenancy, loading, onChange }: TenantsPanelProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [collapsed, setCollapsed] = useState<ReadonlySet<string>>(new Set());
  const [creatingCustomer, setCreatingCustomer] = useState(false);
  const [projectFor, setProjectFor] = useState<string>();
  const [renaming, setRenaming] = useState<RenameTarget>();
  const [busy, setBusy] = useState<string>();
  const rows = useMemo(() => tenancyRows(tenancy, search), [tenancy, search]);

  async function setDisabled(row: TenancyRow, disabled: boolean) {
    setBusy(row.key);
    try {
      if (row.kind === 'customer') {
        const customer = await updateCustomer(row.customer.id, { disabled });
        onChange((current) => withCustomer(current, customer));
      } else {
        const project = await updateProject(row.project.id, { disabled });
        onChange((current) => withProject(current, project));
      }
      const customer = row.kind === 'customer';
      void message.success(
        disabled
          ? customer
            ? t('已停用客户')
            : t('已停用项目')
          : customer
            ? t('已启用客户')
            : t('已启用项目'),
      );
    } catch (error) {
      void message.error(t('操作失败：{reason}', { reason: refusalText(error, t) }));
    } finally {
      setBusy(undefined);
    }
  }

  function renameTarget(row: TenancyRow): RenameTarget {
    if (row.kind === 'customer') {
      const { id, code, name } = row.customer;
      return {
        kind: 'customer',
        code,
        name,
        rename: async (next) => {
          const customer = await updateCustomer(id, { name: next });
          // Projects carry their customer's name for labels elsewhere.
          onChange((current) => ({
            ...withCustomer(current, customer),
            projects: current.projects.map((project) =>
              project.customerId === id ? { ...project, customerName: customer.name } : project,
            ),
          }));
          void message.success(t('已重命名客户'));
        },
      };
    }
    const { id, code, name } = row.project;
    return {
      kind: 'project',
      code,
      name,
      rename: async (next) => {
        const project = await updateProject(id, { name: next });
        onChange((current) => withProject(current, project));
        void message.success(t('已重命名项目'));
      },
    };
  }

  const columns: ColumnsType<TenancyRow> = [
    {
      title: t('名称'),
      key: 'name',
      render: (_, row) =>
        row.kind === 'customer' ? (
          <span className={styles.customerName}>
            {row.customer.name} <span className={styles.code}>{row.customer.code}</span>
          </span>
        ) : (
          <span>
            {row.project.name} <span className={styles.code}>{row.project.code}</span>
          </span>
        ),
    },
    {
      title: t('仓库'),
      key: 'repository',
      width: 120,
      render: (_, row) => (row.kind === 'project' ? row.project.repository : null),
    },
    {
      title: t('规模'),
      key: 'size',
      width: 110,
      render: (_, row) =>
        row.kind === 'customer'
          ? t('{count} 个项目', { count: row.customer.projectCount })
          : t('{count} 名成员', { count: row.project.memberCount }),
    },
    {
      title: t('状态'),
      key: 'status',
      width: 110,
      render: (_, row) =>
        row.kind === 'customer' ? (
          <EnabledTag disabled={row.customer.disabled} />
        ) : (
          <ProjectStatusTag status={projectStatus(row.project, row.customer)} />
        ),
    },
    {
      title: t('创建时间'),
      key: 'createdAt',
      width: 120,
      render: (_, row) =>
        formatDay(row.kind === 'customer' ? row.customer.createdAt : row.project.createdAt),
    },
    {
      title: t('操作'),
      key: 'actions',
      width: 330,
      render: (_, row) => {
        const disabled = row.kind === 'customer' ? row.customer.disabled : row.project.disabled;
        const code = rowCode(row);
        const name = row.kind === 'customer' ? row.customer.name : row.project.name;
        return (
          <Space size={0} wrap>
            {row.kind === 'customer' ? (
              <Button
                type="link"
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setProjectFor(row.customer.id)}
                data-testid={`admin-customer-add-project-${code}`}
              >
                {t('新建项目')}
              </Button>
            ) : (
              <Button
                type="link"
                size="small"
                href={`${row.project.path}#/`}
                target="_blank"
                icon={<ExportOutlined />}
              >
                {t('打开')}
              </Button>
            )}
            <Button
              type="link"
              size="small"
              onClick={() => setRenaming(renameTarget(row))}
              data-testid={`admin-${row.kind}-rename-${code}`}
            >
              {t('重命名')}
            </Button>
            {disabled ? (
              <Button
                type="link"
                size="small"
                loading={busy === row.key}
                onClick={() => void setDisabled(row, false)}
                data-testid={`admin-${row.kind}-toggle-${code}`}
              >
                {t('启用')}
              </Button>
            ) : (
              <Popconfirm
                title={
                  row.kind === 'customer'
                    ? t('停用客户「{name}」？', { name })
                    : t('停用项目「{name}」？', { name })
                }
                description={
                  row.kind === 'customer'
                    ? t('停用后，该客户所有项目的成员都不能再打开项目（超级管理员除外）。')
                    : t('停用后，该项目的成员不能再打开它（超级管理员除外）。')
                }
                okText={t('停用')}
                okButtonProps={{ danger: true }}
                cancelText={t('取消')}
                onConfirm={() => setDisabled(row, true)}
              >
                <Button
                  type="link"
                  size="small"
                  danger
                  loading={busy === row.key}
                  data-testid={`admin-${row.kind}-toggle-${code}`}
                >
                  {t('停用')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('按编码或名称查找客户、项目')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className={styles.search}
          data-testid="admin-tenancy-search"
        />
        <span className={styles.muted}>
          {t('{customers} 个客户，{projects} 个项目', {
            customers: tenancy.customers.length,
            projects: tenancy.projects.length,
          })}
        </span>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreatingCustomer(true)}
          className={styles.toolbarEnd}
          data-testid="admin-customer-add"
        >
          {t('新建客户')}
        </Button>
      </div>
      <Table<TenancyRow>
        size="middle"
        rowKey="key"
        loading={loading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        expandable={{
          expandedRowKeys: rows.filter((row) => !collapsed.has(row.key)).map((row) => row.key),
          onExpand: (expanded, row) =>
            setCollapsed((current) => {
              const next = new Set(current);
              if (expanded) next.delete(row.key);
              else next.add(row.key);
              return next;
            }),
        }}
        rowClassName={(row) => (row.kind === 'customer' ? (styles.customerRow ?? '') : '')}
        onRow={(row) =>
          ({
            'data-testid': `admin-${row.kind}-${rowCode(row)}`,
          }) as object
        }
        locale={{
          emptyText: (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={search ? t('没有匹配的客户或项目') : t('暂无数据')}
            />
          ),
        }}
      />
      <CreateCustomerModal
        open={creatingCustomer}
        onClose={() => setCreatingCustomer(false)}
        onCreated={(customer) => {
          onChange((current) => withCustomer(current, customer));
          void message.success(t('已创建客户「{name}」', { name: customer.name }));
        }}
      />
      <CreateProjectModal
        customerId={projectFor}
        tenancy={tenancy}
        onClose={() => setProjectFor(undefined)}
        onCreated={(project) => {
          onChange((current) => withProject(current, project));
          setCollapsed((current) => {
            const next = new Set(current);
            next.delete(project.customerId);
            return next;
          });
          void message.success(t('已创建项目「{name}」', { name: project.name }));
        }}
      />
      <RenameModal target={renaming} onClose={() => setRenaming(undefined)} />
    </>
  );
}
