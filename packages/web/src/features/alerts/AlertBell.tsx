import { BellOutlined } from '@ant-design/icons';
import { Badge, Tooltip } from 'antd';
import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '../../i18n/useT';
import { useUnreadAlerts } from './unreadAlerts';

/** How often the navigation reads the unread count again. */
const REFRESH_MS = 60_000;

/** The navigation's bell: the viewer's unread alerts, a link to 预警信息 (#/alerts). */
export function AlertBell() {
  const t = useT();
  const count = useUnreadAlerts((state) => state.count);
  const refresh = useUnreadAlerts((state) => state.refresh);
  const { pathname } = useLocation();

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh, pathname]);

  return (
    <Tooltip title={count ? t('{count} 条未读预警', { count }) : t('page.alerts')}>
      <Link
        to="/alerts"
        aria-label={t('page.alerts')}
        data-testid="nav-alerts"
        style={{ color: 'inherit' }}
      >
        <Badge count={count} size="small" overflowCount={99} data-testid="nav-alerts-unread">
          <BellOutlined style={{ fontSize: 18, color: 'var(--yq-nav-text)' }} />
        </Badge>
      </Link>
    </Tooltip>
  );
}
