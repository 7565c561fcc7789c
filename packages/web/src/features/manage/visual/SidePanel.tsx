import { Tabs } from 'antd';
import { useEditorStore, type PanelTab } from './editorStore';
import { MenuEditor } from './MenuEditor';
import { PageSettings } from './PageSettings';
import { Palette } from './Palette';
import { SiteEditor } from './SiteEditor';
import { WidgetPanel } from './WidgetPanel';
import styles from './VisualEditor.module.css';

/** The right-hand panel: palette, the selected widget, page settings, menu and site. */
export function SidePanel() {
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
          { key: 'palette', label: '组件库', children: <Palette /> },
          { key: 'widget', label: '组件', children: <WidgetPanel /> },
          { key: 'page', label: '页面', children: <PageSettings /> },
          { key: 'menu', label: '菜单', children: <MenuEditor /> },
          { key: 'site', label: '站点', children: <SiteEditor /> },
        ]}
      />
    </aside>
  );
}
