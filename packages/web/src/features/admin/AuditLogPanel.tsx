import { ReloadOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_TARGET_LABELS,
  type AdminTenancy,
  type AuditEntry,
} from '@yuqing/core';
import { Button, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { fetchAudit } from '../../api/admin';
import { useT } from '../../i18n/useT';
import { auditDetailLines, type AuditNames } from './auditDetails';
import { formatInstant } from './dates';
import { projectLabel } from './tenancyTree';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const PAGE_SIZE = 20;

/** Green for what adds, orange for what takes away, blue for the rest. */
function actionColor(action: AuditEntry['action']): string {
  const verb = action.slice(action.indexOf('.') + 1);
  if (verb === 'create' || verb === 'upload' || verb === 'import') return 'green';
  if (verb === 'delete' || verb === 'remove' || verb === 'revoke') return 'orange';
  return 'blue';
}

/** What an entry changed: named as it is now when still known, else as it was written. */
function AuditTarget({ entry, names }: { entry: AuditEntry; names: AuditNames }) {
  const t = useT();
  const known =
    entry.targetType === 'project'
      ? names.project(entry.targetId)
      : entry.targetType === 'customer'
        ? names.customer(entry.targetId)
        : undefined;
  return (
    <div className={styles.details}>
      <span>
        <span className={styles.muted}>{t.label(AUDIT_TARGET_LABELS[entry.targetType])}</span>{' '}
        {known ?? entry.targetName}
      </span>
      {known && <span className={styles.code}>{entry.targetName}</span>}
    </div>
  );
}

/** The project an entry was written in: named as it is now when still known. */
function auditProject(entry: AuditEntry, names: AuditNames): string {
  if (!entry.projectId) return '—';
  return names.project(entry.projectId) ?? entry.projectName ?? entry.projectId;
}

/**
 * 审计日志: who did what to which customer, project, user, page, report, rule, template, file or
 * data, in which project, when and from where; newest first.
 */
export function AuditLogPanel({ tenancy }: { tenancy: AdminTenancy }) {
  const t = useT();
  const [page, setPage] = useState(1);
  const { remote, reload } = useRemote(() => fetchAudit({ page, size: PAGE_SIZE }), String(page));
  const names = useMemo<AuditNames>(() => {
    const projects = new Map(tenancy.projects.map((project) => [project.id, project]));
    const customers = new Map(tenancy.customers.map((customer) => [customer.id, customer]));
    return {
      project: (id) => {
        const project = projects.get(id);
        return project && projectLabel(project);
      },
      customer: (id) => customers.get(id)?.name,
    };
  }, [tenancy]);

  const columns: ColumnsType<AuditEntry> = [
    {
      title: t('时间'),
      key: 'at',
      width: 180,
      render: (_, entry) => formatInstant(entry.at),
    },
    { title: t('操作人'), dataIndex: 'actorName', key: 'actor', width: 140 },
    {
      title: t('来源 IP'),
      key: 'address',
      width: 140,
      render: (_, entry) => entry.address ?? '—',
    },
    {
      title: t('操作'),
      key: 'action',
      width: 130,
      render: (_, entry) => (
        <Tag color={actionColor(entry.action)}>{t.label(AUDIT_ACTION_LABELS[entry.action])}</Tag>
      ),
    },
    {
      title: t('项目'),
      key: 'project',
      width: 180,
      render: (_, entry) => auditProject(entry, names),
    },
    {
      title: t('对象'),
      key: 'target',
      width: 260,
      render: (_, entry) => <AuditTarget entry={entry} names={names} />,
    },
    {
      title: t('详情'),
      key: 'details',
      render: (_, entry) => (
        <div className={styles.details}>
          {auditDetailLines(entry, names, t).map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </div>
      ),
    },
  ];

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.muted}>
          {t(
            '共 {total} 条记录，记录客户、项目、用户与角色，以及各项目的页面、配置、报告与分享、预警、模板、数据导入、标注规则、提示词和文件下载的每次操作',
            { total: remote.data?.total ?? 0 },
          )}
        </span>
        <Button
          icon={<ReloadOutlined />}
          onClick={reload}
          className={styles.toolbarEnd}
          data-testid="admin-audit-reload"
        >
          {t('刷新')}
        </Button>
      </div>
      <Table<AuditEntry>
        size="middle"
        rowKey="id"
        loading={remote.status === 'loading'}
        columns={columns}
        dataSource={remote.data?.items ?? []}
        onRow={(entry) => ({ 'data-testid': `admin-audit-${entry.action}` }) as object}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: remote.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPage,
        }}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无数据')} />,
        }}
      />
    </>
  );
}
