import { Button, Result, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { fetchTenancy } from '../../api/admin';
import { useT } from '../../i18n/useT';
import { AuditLogPanel } from './AuditLogPanel';
import { LockoutsPanel } from './LockoutsPanel';
import { TenantsPanel } from './TenantsPanel';
import { UsersPanel } from './UsersPanel';
import { useRemote } from './useRemote';
import styles from './AdminConsole.module.css';

const TABS = ['tenants', 'users', 'audit', 'lockouts'] as const;
type TabKey = (typeof TABS)[number];

function isTab(value: string | null): value is TabKey {
  return TABS.includes(value as TabKey);
}

/**
 * 平台管理 (#/manage/admin; super admins, as 系统配置): customers and projects, users across
 * projects, the audit log of these changes, and sign-in lockouts. The open tab is in the URL
 * (`?tab=`); a tab reads its data afresh each time it is opened. The server refuses others too.
 */
export function AdminConsolePage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab = isTab(params.get('tab')) ? (params.get('tab') as TabKey) : 'tenants';
  const { remote: tenancy, reload, replace } = useRemote(fetchTenancy, 'tenancy');

  if (tenancy.status === 'failed' && !tenancy.data) {
    return (
      <div className={styles.page} data-testid="admin-console">
        <section className={styles.panel}>
          <Result
            status="error"
            title={t('平台数据加载失败')}
            subTitle={tenancy.message}
            extra={<Button onClick={reload}>{t('重新加载')}</Button>}
          />
        </section>
      </div>
    );
  }

  const data = tenancy.data ?? { repositories: [], customers: [], projects: [] };
  const loading = tenancy.status === 'loading';
  const panels: Record<TabKey, { label: string; content: ReactNode }> = {
    tenants: {
      label: t('客户与项目'),
      content: <TenantsPanel tenancy={data} loading={loading} onChange={replace} />,
    },
    users: { label: t('用户#标签页'), content: <UsersPanel tenancy={data} /> },
    audit: { label: t('审计日志'), content: <AuditLogPanel tenancy={data} /> },
    lockouts: { label: t('登录锁定'), content: <LockoutsPanel /> },
  };

  return (
    <div className={styles.page} data-testid="admin-console">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('平台管理')}</h1>
        <span className={styles.muted}>
          {t('管理全部客户、项目与用户；每项改动都记入审计日志')}
        </span>
      </header>
      <section className={styles.panel}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams({ tab: key }, { replace: true })}
          destroyOnHidden
          items={TABS.map((key) => ({
            key,
            label: <span data-testid={`admin-tab-${key}`}>{panels[key].label}</span>,
            children: panels[key].content,
          }))}
        />
      </section>
    </div>
  );
}
