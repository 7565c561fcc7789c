import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
  SubnodeOutlined,
} from '@ant-design/icons';
import type { ProjectDataItem } from '@yuqing/core';
import { Button, Input, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState, type Key } from 'react';
import { useT } from '../../i18n/useT';
import { addRow, moveRow, removeRow, rowPaths, rowPlaces, updateRow, type EditorRow } from './rows';
import styles from './ManageData.module.css';

const PAGE_SIZE = 50;
/** antd's indent per tree level, and the expand button's width with its margin. */
const INDENT = 20;
const EXPANDER = 26;
/** Trees up to this many rows open fully; larger ones open level by level. */
const EXPAND_ALL_UP_TO = 200;

interface DataTableProps {
  rows: EditorRow[];
  kind: ProjectDataItem['kind'];
  onChange: (rows: EditorRow[]) => void;
  /** JSON paths with an issue (`items[0].value`), drawn as cells in error. */
  invalid: ReadonlySet<string>;
}

function keysWithChildren(rows: readonly EditorRow[], keys: string[] = []): string[] {
  for (const row of rows) {
    if (!row.children) continue;
    keys.push(row.key);
    keysWithChildren(row.children, keys);
  }
  return keys;
}

/** How deep a row is, from its JSON path: `items[0].children[1]` is 1. */
const depthOf = (path: string | undefined) => (path ?? '').split('.children').length - 1;

/** Value/label rows of a list, or nested rows of a tree with add child, move and remove. */
export function DataTable({ rows, kind, onChange, invalid }: DataTableProps) {
  const t = useT();
  const [expanded, setExpanded] = useState<readonly Key[]>(() =>
    rowPaths(rows).size <= EXPAND_ALL_UP_TO ? keysWithChildren(rows) : [],
  );
  const [page, setPage] = useState(1);
  const paths = useMemo(() => rowPaths(rows), [rows]);
  const places = useMemo(() => rowPlaces(rows), [rows]);
  const tree = kind === 'tree';

  const addTop = () => {
    const next = addRow(rows);
    onChange(next.rows);
    setPage(Math.ceil(next.rows.length / PAGE_SIZE));
  };
  const addChild = (key: string) => {
    onChange(addRow(rows, key).rows);
    setExpanded((keys) => (keys.includes(key) ? keys : [...keys, key]));
  };

  const cell = (row: EditorRow, field: 'value' | 'label', placeholder: string) => (
    <Input
      size="small"
      // In a tree the value cell starts after antd's indent and expand button, on the same line.
      style={
        tree && field === 'value'
          ? {
              display: 'inline-flex',
              width: `calc(100% - ${EXPANDER + INDENT * depthOf(paths.get(row.key))}px)`,
            }
          : undefined
      }
      value={row[field]}
      placeholder={placeholder}
      aria-label={placeholder}
      status={invalid.has(`${paths.get(row.key)}.${field}`) ? 'error' : undefined}
      onChange={(event) => onChange(updateRow(rows, row.key, { [field]: event.target.value }))}
    />
  );

  const columns: ColumnsType<EditorRow> = [
    { title: t('值'), key: 'value', render: (_, row) => cell(row, 'value', t('值')) },
    { title: t('显示名'), key: 'label', render: (_, row) => cell(row, 'label', t('显示名')) },
    {
      title: t('操作'),
      key: 'actions',
      width: tree ? 140 : 110,
      render: (_, row) => {
        const place = places.get(row.key) ?? { index: 0, of: 1 };
        return (
          <span className={styles.rowActions}>
            {tree && (
              <Tooltip title={t('添加子项')}>
                <Button
                  size="small"
                  type="text"
                  icon={<SubnodeOutlined />}
                  aria-label={t('添加子项')}
                  onClick={() => addChild(row.key)}
                />
              </Tooltip>
            )}
            <Tooltip title={t('上移')}>
              <Button
                size="small"
                type="text"
                icon={<ArrowUpOutlined />}
                aria-label={t('上移')}
                disabled={place.index === 0}
                onClick={() => onChange(moveRow(rows, row.key, -1))}
              />
            </Tooltip>
            <Tooltip title={t('下移')}>
              <Button
                size="small"
                type="text"
                icon={<ArrowDownOutlined />}
                aria-label={t('下移')}
                disabled={place.index === place.of - 1}
                onClick={() => onChange(moveRow(rows, row.key, 1))}
              />
            </Tooltip>
            <Tooltip title={row.children ? t('删除（连同子项）') : t('删除')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('删除')}
                onClick={() => onChange(removeRow(rows, row.key))}
              />
            </Tooltip>
          </span>
        );
      },
    },
  ];

  return (
    <>
      <Table<EditorRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: setExpanded,
          indentSize: INDENT,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        locale={{ emptyText: t('暂无数据项，可添加一项或导入 CSV') }}
      />
      <div className={styles.footer}>
        <Button icon={<PlusOutlined />} onClick={addTop}>
          {t('添加一项')}
        </Button>
      </div>
    </>
  );
}
