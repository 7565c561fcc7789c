import { DEFAULT_NAV_TEXT_COLOR, type Dashboard, type Page } from '@yuqing/core';
import { LeftTreeMenu } from '../../query/left-tree';
import { AppliedFilters, QueryBar } from '../../query/bar';
import { useQueryStore } from '../../query/queryStore';
import { useT } from '../../i18n/useT';
import { EditableGrid } from './EditableGrid';
import { usePreviewQuery } from './usePreviewQuery';
import styles from './VisualEditor.module.css';

interface EditorCanvasProps {
  pageKey: string;
  page: Page;
  dashboard: Dashboard;
  timeZone: string;
}

/** The open page as viewers will see it, with the site's navigation style, and editable. */
export function EditorCanvas({ pageKey, page, dashboard, timeZone }: EditorCanvasProps) {
  const t = useT();
  const openedAt = usePreviewQuery(pageKey, page, timeZone);
  const query = useQueryStore((state) => state.query);
  const site = dashboard.site;
  const navColor = site.navTextColor ?? DEFAULT_NAV_TEXT_COLOR;

  return (
    <div className={styles.canvasInner}>
      <div
        className={styles.previewNav}
        data-testid="manage-preview-nav"
        style={{
          color: navColor,
          backgroundImage: site.navBackgroundImage
            ? `url("${site.navBackgroundImage}")`
            : undefined,
        }}
      >
        {dashboard.menu
          .filter((item) => item.show)
          .map((item) => (
            <span
              key={item.key}
              className={`${styles.previewNavItem} ${item.key === pageKey ? styles.previewNavActive : ''}`}
              style={
                item.key === pageKey && site.primaryColor && !site.navTextColor
                  ? { color: site.primaryColor }
                  : undefined
              }
            >
              {t.label(item.label)}
            </span>
          ))}
        <span className={styles.previewTag}>{t('导航预览')}</span>
      </div>
      {openedAt !== undefined && (
        <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
          {page.leftTreeMenu.show && (
            <aside style={{ flex: '0 0 250px', width: 250, background: '#fff', borderRadius: 8 }}>
              <LeftTreeMenu config={page.leftTreeMenu} timeZone={timeZone} />
            </aside>
          )}
          <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
            {page.filter.length > 0 && <QueryBar page={page} timeZone={timeZone} />}
            <AppliedFilters />
            <EditableGrid
              charts={page.charts}
              query={query}
              now={openedAt}
              timeZone={timeZone}
              site={site}
            />
          </div>
        </div>
      )}
    </div>
  );
}
