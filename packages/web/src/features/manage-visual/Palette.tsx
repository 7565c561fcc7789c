import {
  AppstoreOutlined,
  BarChartOutlined,
  FileTextOutlined,
  NumberOutlined,
} from '@ant-design/icons';
import { WIDGET_GROUPS, WIDGET_LABELS, type WidgetType } from '@yuqing/core';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/useT';
import { useEditorStore } from './editorStore';
import styles from './VisualEditor.module.css';

const GROUP_ICONS: Record<string, ReactNode> = {
  统计: <NumberOutlined />,
  图表: <BarChartOutlined />,
  文章: <FileTextOutlined />,
  其他: <AppstoreOutlined />,
};

/**
 * Every widget type, grouped: a click adds one with its defaults at the bottom of the page; a
 * drag drops one where it is let go on the grid.
 */
export function Palette() {
  const t = useT();
  const addWidget = useEditorStore((state) => state.addWidget);
  const hasPage = useEditorStore((state) => Boolean(state.pageKey));
  const setDraggingType = useEditorStore((state) => state.setDraggingType);
  const add = (type: WidgetType) => {
    const id = addWidget(type);
    if (id)
      // Show the new widget: it was placed under everything else.
      requestAnimationFrame(() =>
        document
          .querySelector(`[data-testid="manage-widget-${id}"]`)
          ?.scrollIntoView({ block: 'center', behavior: 'smooth' }),
      );
  };
  return (
    <div className={styles.panelBody} data-testid="manage-palette">
      {!hasPage && <p>{t('先在左侧添加一个页面。')}</p>}
      {WIDGET_GROUPS.map((group) => (
        <div key={group.label} className={styles.paletteGroup}>
          <div className={styles.paletteGroupTitle}>{t.label(group.label)}</div>
          <div className={styles.paletteGrid}>
            {group.types.map((type) => (
              <button
                key={type}
                type="button"
                className={styles.paletteItem}
                disabled={!hasPage}
                data-testid={`manage-palette-${type}`}
                title={t('点击添加到页面底部，或拖到画布上')}
                draggable={hasPage}
                onDragStart={(event) => {
                  event.dataTransfer.setData('text/plain', WIDGET_LABELS[type]);
                  event.dataTransfer.effectAllowed = 'copy';
                  setDraggingType(type);
                }}
                onDragEnd={() => setDraggingType(undefined)}
                onClick={() => add(type)}
              >
                <span className={styles.paletteIcon}>{GROUP_ICONS[group.label]}</span>
                {t.label(WIDGET_LABELS[type])}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
