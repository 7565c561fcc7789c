import { Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useT } from '../../i18n/useT';
import type { WidgetViewProps } from '../types';
import type { TableData } from '@yuqing/core';
import { columnTitles, DEFAULT_PAGE_SIZE, tableRows, type TableRow } from './table';
import styles from './TableView.module.css';

/** A ranked table of a grouping (terms) or of authors and media. */
export default function TableView({ chart, data, onDrill }: WidgetViewProps<TableData>) {
  const t = useT();
  const rows = useMemo(
    () => tableRows(data, chart.options.format, t),
    [data, chart.options.format, t],
  );
  const titles = columnTitles(data, chart.options.columns, t);
  const { field } = data;
  const columns: TableColumnsType<TableRow> = [
    { key: 'rank', dataIndex: 'rank', title: titles.rank, width: 64, align: 'center' },
    {
      key: 'name',
      dataIndex: 'label',
      title: titles.name,
      ellipsis: true,
      render: (label: string, row) =>
        field ? (
          <button
            type="button"
            className={styles.name}
            title={t('筛选：{name}', { name: row.label })}
            onClick={() => onDrill(field, row.name)}
          >
            {label}
          </button>
        ) : (
          label
        ),
    },
    { key: 'value', dataIndex: 'value', title: titles.value, align: 'right', width: '22%' },
  ];
  if (data.aggs === 'common_authors') {
    columns.push({
      key: 'engagement',
      dataIndex: 'engagement',
      title: titles.engagement,
      align: 'right',
      width: '22%',
    });
  }
  return (
    <div className={styles.table} data-testid={`widget-body-${chart.i}`}>
      <Table<TableRow>
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={rows}
        pagination={{
          pageSize: chart.options.pageSize ?? DEFAULT_PAGE_SIZE,
          hideOnSinglePage: true,
          showSizeChanger: false,
          size: 'small',
        }}
      />
    </div>
  );
}
