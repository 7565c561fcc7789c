import { formatNumber, type PathCount } from '@yuqing/core';
import { Tree, type TreeDataNode } from 'antd';
import { useMemo, type CSSProperties } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import type { PathTreeData } from '@yuqing/core';
import { expandedPaths, maxCount } from './path-tree';
import styles from './PathTreeView.module.css';

/** The topic path tree with each node's post count and a bar in proportion to the largest. */
export default function PathTreeView({
  chart,
  data,
  colors,
  onDrill,
}: WidgetViewProps<PathTreeData>) {
  const max = maxCount(data.list);
  const color = colors.palette[0] ?? '#3673F1';
  const treeData = useMemo(() => toTreeData(data.list, max), [data.list, max]);
  const expanded = useMemo(() => expandedPaths(data.list), [data.list]);
  return (
    <div
      className={styles.tree}
      style={{ '--bar-color': color } as CSSProperties}
      data-testid={`widget-body-${chart.i}`}
    >
      <Tree
        key={expanded.join('|')}
        blockNode
        showLine={{ showLeafIcon: false }}
        treeData={treeData}
        defaultExpandedKeys={expanded}
        selectedKeys={[]}
        onSelect={(_keys, { node }) => onDrill(data.field, String(node.key))}
      />
    </div>
  );
}

function toTreeData(nodes: readonly PathCount[], max: number): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.path,
    title: <NodeTitle node={node} max={max} />,
    children: node.children.length > 0 ? toTreeData(node.children, max) : undefined,
    isLeaf: node.children.length === 0,
  }));
}

function NodeTitle({ node, max }: { node: PathCount; max: number }) {
  const t = useT();
  const width = max > 0 ? (node.value / max) * 100 : 0;
  return (
    <span className={styles.node} title={t('筛选：{name}', { name: node.name })}>
      <span className={styles.name}>{node.name}</span>
      <span className={styles.track}>
        <span className={styles.bar} style={{ width: `${width}%` }} />
      </span>
      <span className={styles.count}>{formatNumber(node.value)}</span>
    </span>
  );
}
