import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ProjectDataItem } from '@yuqing/core';
import { Button, Empty, Popconfirm, Skeleton, Tag, theme } from 'antd';
import type { CSSProperties } from 'react';
import { useT } from '../../i18n/useT';
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
  const t = useT();
  const { token } = theme.useToken();
  const selectedStyle = {
    '--yq-selected-bg': token.colorPrimaryBg,
    '--yq-selected-border': token.colorPrimaryBorder,
  } as CSSProperties;

  return (
    <>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{t('数据项')}</h2>
        <Button
          type="primary"
          size="small"
          icon={<PlusOutlined />}
          onClick={onAdd}
          data-testid="data-item-add"
        >
          {t('新建')}
        </Button>
      </div>
      {!items ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !items.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无数据项')} />
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
              <Tag variant="filled">{t(KIND_LABELS[item.kind])}</Tag>
              <span className={styles.itemCount}>
                {t('{count} 项', { count: countRows(item.items) })}
              </span>
              <Popconfirm
                title={t('删除数据项「{name}」？', { name: item.name })}
                description={t('引用它的筛选项和树形菜单将没有选项。')}
                okText={t('删除')}
                okButtonProps={{ danger: true }}
                cancelText={t('取消')}
                onConfirm={() => onDelete(item.name)}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('删除{name}', { name: item.name })}
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
