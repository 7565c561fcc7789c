import type { RetweetGraphAnswer } from '@yuqing/core';
import { Select, theme } from 'antd';
import { GraphChart } from 'echarts/charts';
import { use as install } from 'echarts/core';
import { useMemo, useState } from 'react';
import { useT } from '../../i18n/useT';
import { EChart } from '../echarts/EChart';
import type { WidgetViewProps } from '../types';
import { categoryColors, graphModel, legendItems, retweetGraphOption } from './graph.option';
import styles from './RetweetGraphView.module.css';

install([GraphChart]);

/** The picker's value for "the largest cascades together". */
const LARGEST = '';

/**
 * m-weibo-graph: retweet cascades as a force-directed graph, roots in the primary colour. The
 * largest cascades show first; the viewer picks one to see it alone, and zooms with the wheel.
 */
export default function RetweetGraphView({
  chart,
  data,
  colors,
  timeZone,
}: WidgetViewProps<RetweetGraphAnswer>) {
  const { token } = theme.useToken();
  const t = useT();
  const [cascade, setCascade] = useState(LARGEST);
  const model = useMemo(() => graphModel(data, { cascade }), [data, cascade]);
  const option = useMemo(
    () =>
      retweetGraphOption(
        model,
        { primary: token.colorPrimary, palette: colors.palette, timeZone },
        t,
      ),
    [model, token.colorPrimary, colors, timeZone, t],
  );
  const legend = legendItems(model, categoryColors(token.colorPrimary, colors.palette), t);
  const picked = model.cascades.some((item) => item.rootId === cascade);
  return (
    <div className={styles.graph} data-testid={`widget-body-${chart.i}`}>
      <div className={styles.toolbar}>
        <Select
          size="small"
          className={styles.picker}
          value={picked ? cascade : LARGEST}
          onChange={setCascade}
          popupMatchSelectWidth={false}
          data-testid={`graph-cascade-${chart.i}`}
          options={[
            {
              value: LARGEST,
              label: t('最大的 {count} 条传播链', { count: model.shownCascades }),
            },
            ...model.cascades.map((item, at) => ({
              value: item.rootId,
              label: t('{rank}. {name} · {size} 个节点', {
                rank: at + 1,
                name: t.label(item.name),
                size: item.size,
              }),
            })),
          ]}
        />
        <span className={styles.note}>
          {t('共 {cascades} 条传播链 · {nodes} 个节点', {
            cascades: model.cascades.length,
            nodes: model.nodeCount,
          })}
          {model.nodes.length < model.nodeCount && (
            <>
              {' · '}
              {t('显示 {count} 个', { count: model.nodes.length })}
            </>
          )}
          {' · '}
          {t('滚轮缩放，拖动平移')}
        </span>
        <span className={styles.legend} data-testid={`graph-legend-${chart.i}`}>
          {legend.map(({ name, color, count }) => (
            <span key={name} className={styles.legendItem}>
              <i className={styles.dot} style={{ background: color }} />
              {name} {count}
            </span>
          ))}
        </span>
      </div>
      <div className={styles.canvas}>
        <EChart kind="m-weibo-graph" option={option} />
      </div>
    </div>
  );
}
