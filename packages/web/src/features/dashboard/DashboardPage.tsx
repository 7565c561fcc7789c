import { Empty } from 'antd';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { DashboardView } from './DashboardView';
import styles from './DashboardPage.module.css';

interface DashboardPageProps {
  menuKey: string;
  title: string;
}

/** A project menu page: its query bar and widgets, from the dashboard being shown. */
export function DashboardPage({ menuKey, title }: DashboardPageProps) {
  const t = useT();
  const { detail } = useSession();
  const page = detail?.dashboard.pages[menuKey];
  if (!detail || !page || page.charts.length === 0) {
    return (
      <div className={styles.unconfigured} data-testid={`dashboard-empty-${menuKey}`}>
        <Empty
          description={t('「{title}」暂无数据：该页面尚未配置组件', { title: t.label(title) })}
        />
      </div>
    );
  }
  return (
    <DashboardView
      menuKey={menuKey}
      title={title}
      page={page}
      timeZone={detail.project.timezone}
      site={detail.dashboard.site}
    />
  );
}
