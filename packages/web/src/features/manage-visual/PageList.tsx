import {
  CopyOutlined,
  DeleteOutlined,
  EyeInvisibleOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { Button, Popconfirm, Tooltip } from 'antd';
import { notify } from '../../api/notify';
import { useT } from '../../i18n/useT';
import { useEditorStore } from './editorStore';
import styles from './VisualEditor.module.css';

/** The pages, in menu order: select, add, copy and remove. */
export function PageList() {
  const t = useT();
  const menu = useEditorStore((state) => state.dashboard.menu);
  const pages = useEditorStore((state) => state.dashboard.pages);
  const pageKey = useEditorStore((state) => state.pageKey);
  const selectPage = useEditorStore((state) => state.selectPage);
  const addPage = useEditorStore((state) => state.addPage);
  const copyPage = useEditorStore((state) => state.copyPage);
  const removePage = useEditorStore((state) => state.removePage);

  return (
    <aside className={styles.pages} data-testid="manage-pages">
      <div className={styles.pagesHeader}>
        <span>{t('页面')}</span>
        <Tooltip title={t('添加页面')}>
          <Button
            size="small"
            type="text"
            icon={<PlusOutlined />}
            aria-label={t('添加页面')}
            onClick={addPage}
            data-testid="manage-page-add"
          />
        </Tooltip>
      </div>
      {menu.map((item) => (
        <div
          key={item.key}
          role="button"
          tabIndex={0}
          className={`${styles.pageItem} ${item.key === pageKey ? styles.pageItemActive : ''}`}
          data-testid={`manage-page-${item.key}`}
          onClick={() => selectPage(item.key)}
          onKeyDown={(event) => event.key === 'Enter' && selectPage(item.key)}
        >
          <span className={styles.pageLabel} title={item.path}>
            {item.label ? t.label(item.label) : item.key}
          </span>
          {!item.show && (
            <EyeInvisibleOutlined className={styles.pageMeta} title={t('菜单中隐藏')} />
          )}
          <span className={styles.pageMeta}>{pages[item.key]?.charts.length ?? 0}</span>
          <span className={styles.pageActions} onClick={(event) => event.stopPropagation()}>
            <Tooltip title={t('复制页面')}>
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label={t('复制页面')}
                data-testid={`manage-page-copy-${item.key}`}
                onClick={() => {
                  copyPage(item.key);
                  notify(t('页面复制成功'), 'success');
                }}
              />
            </Tooltip>
            <Popconfirm
              title={t('删除页面「{label}」？', { label: t.label(item.label) })}
              description={t('菜单项和页面上的组件都会删除')}
              okText={t('删除')}
              cancelText={t('取消')}
              okButtonProps={{ danger: true }}
              onConfirm={() => removePage(item.key)}
            >
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('删除页面')}

                data-testid={`manage-page-remove-${item.key}`}
              />
            </Popconfirm>
          </span>
        </div>
      ))}
    </aside>
  );
}
