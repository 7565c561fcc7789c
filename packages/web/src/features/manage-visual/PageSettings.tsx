import type { LeftTreeMenu } from '@yuqing/core';
import { Alert, Empty, Form, InputNumber, Select, Switch } from 'antd';
import { useT } from '../../i18n/useT';
import { DataItemSelect } from './DataItemSelect';
import { DefaultQueryEditor } from './DefaultQueryEditor';
import { useEditorPage, useEditorStore } from './editorStore';
import { pathFieldOptions } from './fieldOptions';
import { FilterItemsEditor } from './FilterItemsEditor';
import { pageProblems } from './validation';
import styles from './VisualEditor.module.css';

/** The open page's settings: left tree menu, query bar items, default queries, hot posts. */
export function PageSettings() {
  const t = useT();
  const page = useEditorPage();
  const updatePage = useEditorStore((state) => state.updatePage);
  const label = useEditorStore(
    (state) => state.dashboard.menu.find((item) => item.key === state.pageKey)?.label,
  );
  if (!page)
    return (
      <div className={styles.panelBody}>
        <Empty description={t('没有选中的页面')} />
      </div>
    );
  const tree = page.leftTreeMenu;
  const setTree = (change: Partial<LeftTreeMenu>) =>
    updatePage((current) => ({ ...current, leftTreeMenu: { ...current.leftTreeMenu, ...change } }));
  const problems = pageProblems(page, t);

  return (
    <div className={styles.panelBody} data-testid="manage-page-settings">
      {problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('页面配置有误')}
          description={problems.slice(0, 5).map((text) => (
            <div key={text}>{text}</div>
          ))}
        />
      )}
      <Form layout="vertical" size="small">
        <div className={styles.section}>
          {t('「{label}」左侧树菜单', { label: t.label(label ?? '') })}
        </div>
        <Form.Item label={t('显示')}>
          <Switch
            checked={tree.show}
            onChange={(show) => setTree({ show })}
            data-testid="manage-tree-show"
          />
        </Form.Item>
        {tree.show && (
          <>
            <Form.Item label={t('树字段')}>
              <Select
                value={tree.field}
                options={pathFieldOptions(t)}
                onChange={(field) => setTree({ field })}
              />
            </Form.Item>
            <Form.Item label={t('多选')}>
              <Switch checked={tree.multiple} onChange={(multiple) => setTree({ multiple })} />
            </Form.Item>
            {tree.multiple && (
              <Form.Item label={t('最多选择')}>
                <InputNumber
                  min={1}
                  max={20}
                  value={tree.max}
                  onChange={(max) => setTree({ max: max ?? 3 })}
                />
              </Form.Item>
            )}
            <Form.Item label={t('默认选中路径')}>
              <Select
                mode="tags"
                value={tree.default}
                placeholder={t('如 /品牌/星河汽车，回车添加')}
                onChange={(paths: string[]) => setTree({ default: paths })}
              />
            </Form.Item>
            <Form.Item label={t('显示声量')}>
              <Switch checked={tree.showBuzz} onChange={(showBuzz) => setTree({ showBuzz })} />
            </Form.Item>
            <Form.Item label={t('显示图标')}>
              <Switch checked={tree.showLogo} onChange={(showLogo) => setTree({ showLogo })} />
            </Form.Item>
            <Form.Item label={t('自定义数据')}>
              <Switch
                checked={tree.isCustomData}
                onChange={(isCustomData) => setTree({ isCustomData })}
              />
            </Form.Item>
            {tree.isCustomData && (
              <>
                <Form.Item label={t('数据项名称')} tooltip={t('数据配置里的树')}>
                  <DataItemSelect
                    kind="tree"
                    value={tree.customDataKey}
                    onChange={(customDataKey) => setTree({ customDataKey })}
                  />
                </Form.Item>
                <Form.Item label={t('筛选字段')}>
                  <Select
                    allowClear
                    value={tree.customField}
                    options={pathFieldOptions(t)}
                    placeholder={t('同树字段')}
                    onChange={(customField) => setTree({ customField: customField ?? undefined })}
                  />
                </Form.Item>
              </>
            )}
          </>
        )}

        <div className={styles.section}>{t('查询栏')}</div>
        <FilterItemsEditor
          value={page.filter}
          onChange={(filter) => updatePage((current) => ({ ...current, filter }))}
        />

        <div className={styles.section}>{t('默认查询')}</div>
        <DefaultQueryEditor
          testId="manage-page-default-query"
          value={page.defaultQuery}
          onChange={(defaultQuery) => updatePage((current) => ({ ...current, defaultQuery }))}
        />

        <div className={styles.section}>{t('热帖抽屉')}</div>
        <Form.Item label={t('显示热帖入口')}>
          <Switch
            checked={page.page_config.hotpost.show}
            onChange={(show) =>
              updatePage((current) => ({ ...current, page_config: { hotpost: { show } } }))
            }
          />
        </Form.Item>
      </Form>
    </div>
  );
}
