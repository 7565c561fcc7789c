import { CopyOutlined, DeleteOutlined, DragOutlined, EditOutlined } from '@ant-design/icons';
import {
  GRID_COLUMNS,
  GRID_MARGIN_Y,
  GRID_ROW_HEIGHT,
  WIDGET_LABELS,
  type Chart,
  type QueryState,
  type SiteSettings,
  widgetSpec,
} from '@yuqing/core';
import { Button, Empty, Popconfirm, Tooltip, type ButtonProps } from 'antd';
import { useMemo } from 'react';
import { GridLayout, useContainerWidth, verticalCompactor, type Layout } from 'react-grid-layout';
import 'react-grid-layout/css/styles.css';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../../query/queryStore';
import { usePageData } from '../../widgets/usePageData';
import { WidgetFrame } from '../../widgets/WidgetFrame';
import { DROPPING_ID } from './editorLogic';
import { useEditorStore } from './editorStore';
import styles from './VisualEditor.module.css';

const GRID_MARGIN_X = 16;
/** Drags start on the toolbar's handle, so the preview's own switches stay usable. */
const HANDLE = `.${styles.dragHandle}`;

interface EditableGridProps {
  charts: Chart[];
  query: QueryState;
  now: number;
  timeZone: string;
  site: SiteSettings;
}

/**
 * The page's 24-column grid in edit mode: drag (by the handle) and resize with snapping, items
 * pushed down instead of overlapping, each showing a live preview on real data.
 */
export function EditableGrid({ charts, query, now, timeZone, site }: EditableGridProps) {
  const t = useT();
  const { width, containerRef, mounted } = useContainerWidth();
  const selected = useEditorStore((state) => state.widgetId);
  const applyLayout = useEditorStore((state) => state.applyLayout);
  const addFilter = useQueryStore((state) => state.addFilter);
  const setRange = useQueryStore((state) => state.setRange);
  const setQ = useQueryStore((state) => state.setQ);
  const setChartOptions = useQueryStore((state) => state.setChartOptions);
  const addWidget = useEditorStore((state) => state.addWidget);
  const source = useMemo(() => ({ widgets: charts }), [charts]);
  const dataOf = usePageData(source, charts, query, now, timeZone);
  const layout = charts.map(({ i, x, y, w, h }) => ({ i, x, y, w, h, minH: 3 }));
  const commit = (next: Layout) => applyLayout(next);
  /** The palette's dragged type, if a palette item is what is being dragged. */
  const dragged = () => useEditorStore.getState().draggingType;

  if (charts.length === 0)
    return (
      <div
        className={styles.emptyGrid}
        data-testid="manage-grid-empty"
        onDragOver={(event) => {
          if (dragged()) event.preventDefault();
        }}
        onDrop={(event) => {
          const type = dragged();
          if (!type) return;
          event.preventDefault();
          addWidget(type);
        }}
      >
        <Empty description={t('该页面还没有组件：从右侧「组件库」点击或拖入')} />
      </div>
    );

  return (
    <div ref={containerRef} className={styles.grid} data-testid="manage-grid">
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{
            cols: GRID_COLUMNS,
            rowHeight: GRID_ROW_HEIGHT,
            margin: [GRID_MARGIN_X, GRID_MARGIN_Y],
            containerPadding: [0, 0],
          }}
          dragConfig={{
            enabled: true,
            handle: HANDLE,
            cancel: 'button',
            bounded: false,
            threshold: 3,
          }}
          resizeConfig={{ enabled: true, handles: ['se', 'e', 's'] }}
          dropConfig={{
            enabled: true,
            // The placeholder takes the dragged type's default size; other drags are refused.
            onDragOver: () => {
              const type = dragged();
              return type ? widgetSpec(type).size : false;
            },
          }}
          compactor={verticalCompactor}
          onDragStop={commit}
          onResizeStop={commit}
          onDrop={(dropped, item) => {
            const type = dragged();
            if (type && item) addWidget(type, settleDrop(dropped));
          }}
        >
          {charts.map((chart) => (
            <div key={chart.i}>
              <GridItem chart={chart} selected={chart.i === selected}>
                <WidgetFrame
                  chart={chart}
                  state={dataOf(chart)}
                  query={query}
                  site={site}
                  timeZone={timeZone}
                  onDrill={(field, value) => addFilter(field, value)}
                  onRange={setRange}
                  onKeyword={(word) => setQ(word)}
                  onViewOptions={(options) => setChartOptions(chart.i, options)}
                />
              </GridItem>
            </div>
          ))}
        </GridLayout>
      )}
    </div>
  );
}

/**
 * The grid's layout at a drop with the new widget where it was let go and the others moved out
 * of its way: the layout handed to onDrop may still overlap the placeholder.
 */
function settleDrop(layout: Layout): Layout {
  const pinned = layout.map((box) => (box.i === DROPPING_ID ? { ...box, static: true } : box));
  return verticalCompactor.compact(pinned, GRID_COLUMNS);
}

interface GridItemProps {
  chart: Chart;
  selected: boolean;
  children: React.ReactNode;
}

/** A widget in the editor: its toolbar (drag, edit, copy, remove) over the live preview. */
function GridItem({ chart, selected, children }: GridItemProps) {
  const t = useT();
  const selectWidget = useEditorStore((state) => state.selectWidget);
  const copyWidget = useEditorStore((state) => state.copyWidget);
  const removeWidget = useEditorStore((state) => state.removeWidget);
  const id = chart.i;
  return (
    <div
      className={`${styles.item} ${selected ? styles.itemSelected : ''}`}
      data-testid={`manage-widget-${id}`}
      data-selected={selected}
      data-layout={`${chart.x},${chart.y},${chart.w},${chart.h}`}
      onClickCapture={(event) => {
        // A click on the preview selects the widget (its own clicks still drill down).
        if (!(event.target as HTMLElement).closest('button')) selectWidget(id);
      }}
    >
      <div className={styles.itemBar}>
        <Tooltip title={t('拖动调整位置')}>
          <span className={styles.dragHandle} data-testid={`manage-widget-drag-${id}`}>
            <DragOutlined />
            <span className={styles.itemType}>{t.label(WIDGET_LABELS[chart.type])}</span>
            <span className={styles.itemSize}>
              {chart.w}×{chart.h}
            </span>
          </span>
        </Tooltip>
        <span className={styles.itemActions}>
          <Tooltip title={t('编辑')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('编辑组件')}
              data-testid={`manage-widget-edit-${id}`}
              onClick={() => selectWidget(id)}
            />
          </Tooltip>
          <Tooltip title={t('复制')}>
            <Button
              size="small"
              type="text"
              icon={<CopyOutlined />}
              aria-label={t('复制组件')}
              data-testid={`manage-widget-copy-${id}`}
              onClick={() => {
                if (copyWidget(id)) notify(t('组件复制成功'), 'success');
              }}
            />
          </Tooltip>
          <Popconfirm
            title={t('删除这个组件？')}
            okText={t('删除')}
            cancelText={t('取消')}
            okButtonProps={
              { danger: true, 'data-testid': `manage-widget-remove-ok-${id}` } as ButtonProps
            }
            onConfirm={() => removeWidget(id)}
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('删除组件')}

              data-testid={`manage-widget-remove-${id}`}
            />
          </Popconfirm>
        </span>
      </div>
      <div className={styles.itemBody}>{children}</div>
    </div>
  );
}
