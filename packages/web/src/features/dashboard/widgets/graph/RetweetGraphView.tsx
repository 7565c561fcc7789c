import type { RetweetGraphAnswer } from '@yuqing/core';
import { theme } from 'antd';
import { GraphChart } from 'echarts/charts';
import { use as install } from 'echarts/core';
import { useMemo } from 'react';
import { EChart } from '../echarts/EChart';
import type { WidgetViewProps } from '../types';
import { graphModel, retweetGraphOption } from './graph.option';
import styles from './RetweetGraphView.module.css';

install([GraphChart]);

/** m-weibo-graph: retweet chains as a force-directed graph, roots in the primary colour. */
export default function RetweetGraphView({
  chart,
  data,
  colors,
  timeZone,
}: WidgetViewProps<RetweetGraphAnswer>) {
  const { token } = theme.useToken();
  const model = useMemo(() => graphModel(data), [data]);
  const option = useMemo(
    () =>
      retweetGraphOption(model, { primary: token.colorPrimary, palette: colors.palette, timeZone }),
    [model, token.colorPrimary, colors, timeZone],
  );
  const shown = model.nodes.length;
  return (
    <div className={styles.graph} data-testid={`widget-body-${chart.i}`}>
      <div className={styles.note}>
        {model.chains} 条传播链 · {model.nodeCount} 个节点
        {shown < model.nodeCount && ` · 显示其中 ${shown} 个`}
      </div>
      <div className={styles.canvas}>
        <EChart kind="m-weibo-graph" option={option} />
      </div>
    </div>
  );
}
