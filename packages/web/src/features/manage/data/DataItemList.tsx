import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProjectDataItem } from '@yuqing/core';
import { Button, Empty, Popconfirm, Skeleton, Tag, theme } from 'antd';
import type { CSSProperties } from 'react';
import { KIND_LABELS } from './kindLabels';
import { countRows } from './rows';
import styles from './ManageData.module.css';

interface DataItemListProps {
  items: ProjectDataItem[] | undefined;
  selected: string | undefined;
  onSelect: (item: ProjectDataItem) => void;
  onAdd: () => void;
  onDelete: (name: string) => void;
}

/** The project's data items: name, kind and how many entries; add and delete. */
export function DataItemList({ items, selected, onSelect, onAdd, onDelete }: DataItemListProps) {
  const { token } = theme.useToken();
  const selectedStyle = {
    '--yq-selected-bg': token.colorPrimaryBg,
    '--yq-selected-border': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>数据项</h2>
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          onClick={onAdd}
          data-testid="data-item-add"
        >
          新建
        </Button>
      </div>
      {!items ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据项" />
      ) : (
        <ul className={styles.items} style={selectedStyle}>
          {items.map((item) => (
            <li
              key={item.name}
              className={`${styles.item} ${item.name === selected ? styles.selected : ''}`}
              onClick={() => onSelect(item)}
              data-testid={`data-item-${item.name}`}
            >
              <span className={styles.itemName} title={item.name}>
                {item.name}
              </span>
              <Tag variant="filled">{KIND_LABELS[item.kind]}</Tag>
              <span className={styles.itemCount}>{countRows(item.items)} 项</span>
              <Popconfirm
                title={`删除数据项「${item.name}」？`}
                description="引用它的筛选项和树形菜单将没有选项。"
                okText="删除"
                okButtonProps={{ danger: true }}
                cancelText="取消"
                onConfirm={() => onDelete(item.name)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除${item.name}`}
                  onClick={(event) => event.stopPropagation()}
                  data-testid={`data-item-delete-${item.name}`}
                />
              </Popconfirm>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
