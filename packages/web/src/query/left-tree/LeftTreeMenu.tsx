import {
  LEFT_TREE_WIDTH,
  type LeftTreeMenu as LeftTreeMenuConfig,
  type ListAnswer,
  type OptionItem,
  type PathCount,
} from '@yuqing/core';
import { Empty, Spin, Tree, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { search } from '../../api/search';
import { abbreviate } from '../../format/numberStyle';
import { useSession } from '../../session/session';
import { useT } from '../../i18n/useT';
import { useQueryStore } from '../queryStore';
import { pathTreeOptions } from '../bar/options';
import { committedValues, maxSelectionMessage } from '../bar/selection';
import { loadProjectDataItem } from '../bar/useFieldOptions';
import {
  buzzRequest,
  countsByPath,
  initiallyExpanded,
  selectSingle,
  togglePath,
  treeFieldOf,
} from './treeRules';
import styles from './LeftTreeMenu.module.css';

export interface LeftTreeMenuProps {
  config: LeftTreeMenuConfig;
  /** The project's zone (the volume call uses the query's own range). */
  timeZone: string;
}

/**
 * The tree menu left of a page (spec 2 and 4), 250 wide: the project's path tree of the
 * configured field, or a project data item tree. Single mode selects one path; multi mode
 * toggles paths up to `max`. With `showBuzz` each node shows its volume for the current query.
 */
export function LeftTreeMenu({ config }: LeftTreeMenuProps) {
  const t = useT();
  const field = treeFieldOf(config);
  const { tree, loading } = useTreeOptions(config);
  const selected = useQueryStore((state) => state.query[field]) ?? NONE;
  const setField = useQueryStore((state) => state.setField);
  const counts = useBuzz(config.show && config.showBuzz, field);

  const treeData = useMemo(() => toTreeData(tree, counts, t.label), [tree, counts, t]);
  if (!config.show) return null;

  const toggle = (path: string) => {
    const { values, truncated } = togglePath(selected, path, config.max);
    if (truncated) void message.info(maxSelectionMessage(config.max, t));
    if (values.length !== selected.length || values.some((value, i) => value !== selected[i]))
      setField(field, committedValues(values));
  };
  const select = (path: string) => {
    const next = selectSingle(selected, path);
    if (next) setField(field, next);
  };

  return (
    <nav
      className={styles.menu}
      style={{ width: LEFT_TREE_WIDTH }}
      data-testid="left-tree"
      aria-label={t('树形菜单')}
    >
      {loading ? (
        <Spin className={styles.loading} />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <Tree
          className={styles.tree}
          treeData={treeData}
          blockNode
          defaultExpandedKeys={initiallyExpanded(tree, selected)}
          checkable={config.multiple}
          checkStrictly
          checkedKeys={config.multiple ? { checked: [...selected], halfChecked: [] } : undefined}
          selectedKeys={config.multiple ? [] : [...selected]}
          onCheck={(_, info) => toggle(String(info.node.key))}
          onSelect={(_, info) =>
            config.multiple ? toggle(String(info.node.key)) : select(String(info.node.key))
          }
        />
      )}
    </nav>
  );
}

const NONE: readonly string[] = [];

/** The tree's nodes: a project data item for a custom tree, else the project's path tree. */
function useTreeOptions(config: LeftTreeMenuConfig): { tree: OptionItem[]; loading: boolean } {
  const project = useSession().detail?.project;
  const custom = config.show && config.isCustomData ? config.customDataKey : undefined;
  const [loaded, setLoaded] = useState<{ name: string; items: OptionItem[] } | undefined>();
  const builtIn = useMemo(() => {
    if (config.field === 'topic_paths') return pathTreeOptions(project?.topicPathsTree ?? []);
    if (config.field === 'brand_paths') return pathTreeOptions(project?.brandPathsTree ?? []);
    return [];
  }, [config.field, project]);

  useEffect(() => {
    if (!custom) return;
    let current = true;
    loadProjectDataItem(custom).then(
      (item) => current && setLoaded({ name: custom, items: item.items }),
      () => current && setLoaded({ name: custom, items: [] }),
    );
    return () => {
      current = false;
    };
  }, [custom]);

  if (!custom) return { tree: builtIn, loading: false };
  const ready = loaded?.name === custom;
  return { tree: ready ? loaded.items : [], loading: !ready };
}

/** Volumes per path for the current query (one `common_all_topic` call), when asked for. */
function useBuzz(show: boolean, field: LeftTreeMenuConfig['field']): Map<string, number> | null {
  const query = useQueryStore((state) => state.query);
  const request = useMemo(() => buzzRequest(query, field), [query, field]);
  const key = JSON.stringify(request);
  const [answer, setAnswer] = useState<{ key: string; counts: Map<string, number> } | null>(null);

  useEffect(() => {
    if (!show) return;
    let current = true;
    search<ListAnswer<PathCount>>(request).then(
      (data) => current && setAnswer({ key, counts: countsByPath(data.list ?? []) }),
      () => current && setAnswer({ key, counts: new Map() }),
    );
    return () => {
      current = false;
    };
    // `key` stands for `request`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [show, key]);

  // A newer query keeps the old counts until its own arrive, so the titles do not flash.
  return show ? (answer?.counts ?? null) : null;
}

/** The nodes for antd; a product default among the names shows in the locale (`label`). */
function toTreeData(
  nodes: readonly OptionItem[],
  counts: Map<string, number> | null,
  label: (text: string) => string,
): DataNode[] {
  return nodes.map((node) => ({
    key: node.value,
    title: (
      <span
        className={styles.node}
        data-testid={`left-tree-node-${node.value}`}
        title={label(node.label)}
      >
        <span className={styles.nodeLabel}>{label(node.label)}</span>
        {counts && <span className={styles.buzz}>{abbreviate(counts.get(node.value) ?? 0)}</span>}
      </span>
    ),
    ...(node.children?.length ? { children: toTreeData(node.children, counts, label) } : {}),
  }));
}
