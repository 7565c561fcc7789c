import { Tabs } from 'antd';
import { useT } from '../../i18n/useT';
import { useEditorStore, type PanelTab } from './editorStore';
import { MenuEditor } from './MenuEditor';
import { PageSettings } from './PageSettings';
import { Palette } from './Palette';
import { SiteEditor } from './SiteEditor';
import { WidgetPanel } from './WidgetPanel';
import styles from './VisualEditor.module.css';

/** The right-hand panel: palette, the selected widget, page settings, menu and site. */
export function SidePanel() {
  const t = useT();
  const tab = useEditorStore((state) => state.panelTab);
  const setTab = useEditorStore((state) => state.setPanelTab);
  return (
    <aside className={styles.panel} data-testid="manage-side">
      <Tabs
        className={styles.panelTabs}
        activeKey={tab}
        onChange={(key) => setTab(key as PanelTab)}
        destroyOnHidden
        items={[
          {
            key: 'palette',
            label: <span data-testid="manage-tab-palette">{t('组件库')}</span>,
            children: <Palette />,
          },
          {
            key: 'widget',
            label: <span data-testid="manage-tab-widget">{t('组件')}</span>,
            children: <WidgetPanel />,
          },
          {
            key: 'page',
            label: <span data-testid="manage-tab-page">{t('页面')}</span>,
            children: <PageSettings />,
          },
          {
            key: 'menu',
            label: <span data-testid="manage-tab-menu">{t('菜单')}</span>,
            children: <MenuEditor />,
          },
          {
            key: 'site',
            label: <span data-testid="manage-tab-site">{t('站点')}</span>,
            children: <SiteEditor />,
          },
        ]}
      />
    </aside>
  );
}
