import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { NUMBER_STYLES, NUMBER_STYLE_LABELS, type SiteSettings } from '@yuqing/core';
import { Button, ColorPicker, Form, Input, Select, Switch } from 'antd';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { DEFAULT_PALETTE } from '@yuqing/core';
import { useEditorStore } from './editorStore';
import { FilterChipsEditor } from './FilterChipsEditor';
import styles from './VisualEditor.module.css';

const hex = (value: { toHexString(): string }) => value.toHexString().toUpperCase();

/** Site settings: colours, colour map, navigation style; the canvas previews them live. */
export function SiteEditor() {
  const t = useT();
  const site = useEditorStore((state) => state.dashboard.site);
  const setSite = useEditorStore((state) => state.setSite);
  const scope = useEditorStore((state) => state.dashboard.scope);
  const setScope = useEditorStore((state) => state.setScope);
  const isSubject = Boolean(useSession().detail?.subject);
  const change = (next: Partial<SiteSettings>) => setSite({ ...site, ...next });

  return (
    <div className={styles.panelBody} data-testid="manage-site">
      <Form layout="vertical" size="small">
        {isSubject && (
          <Form.Item
            label={t('专题范围')}
            tooltip={t('专题的每个图表、报告和导出都只统计符合这些条件的信息（发布后生效）')}
          >
            <FilterChipsEditor value={scope} onChange={setScope} />
          </Form.Item>
        )}
        <Form.Item label={t('图表颜色')} tooltip={t('为空时使用默认调色板')}>
          <div className={styles.rows}>
            <div className={styles.swatches}>
              {site.colors.map((color, index) => (
                <ColorPicker
                  key={index}
                  value={color}
                  size="small"
                  onChangeComplete={(value) =>
                    change({ colors: site.colors.map((c, i) => (i === index ? hex(value) : c)) })
                  }
                  panelRender={(panel) => (
                    <div>
                      {panel}
                      <Button
                        size="small"
                        danger
                        style={{ marginTop: 8 }}
                        onClick={() =>
                          change({ colors: site.colors.filter((_, i) => i !== index) })
                        }
                      >
                        {t('移除此颜色')}
                      </Button>
                    </div>
                  )}
                />
              ))}
            </div>
            <div className={styles.row}>
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() =>
                  change({
                    colors: [
                      ...site.colors,
                      DEFAULT_PALETTE[site.colors.length % DEFAULT_PALETTE.length]!,
                    ],
                  })
                }
              >
                {t('添加颜色')}
              </Button>
              {site.colors.length === 0 && (
                <Button size="small" onClick={() => change({ colors: [...DEFAULT_PALETTE] })}>
                  {t('从默认调色板开始')}
                </Button>
              )}
              {site.colors.length > 0 && (
                <Button size="small" onClick={() => change({ colors: [] })}>
                  {t('清空')}
                </Button>
              )}
            </div>
          </div>
        </Form.Item>
        <Form.Item label={t('主色')}>
          <ColorPicker
            allowClear
            showText
            value={site.primaryColor}
            onChangeComplete={(value) => change({ primaryColor: hex(value) })}
            onClear={() => change({ primaryColor: undefined })}
          />
        </Form.Item>
        <Form.Item label={t('颜色映射')} tooltip={t('某个名称（如 负面、微博）总用这个颜色')}>
          <div className={styles.rows}>
            {site.colorMap.map((entry, index) => (
              <div key={index} className={styles.row}>
                <Input
                  className={styles.rowGrow}
                  placeholder={t('名称')}
                  value={entry.name}
                  onChange={(event) =>
                    change({
                      colorMap: site.colorMap.map((e, i) =>
                        i === index ? { ...e, name: event.target.value } : e,
                      ),
                    })
                  }
                />
                <ColorPicker
                  size="small"
                  value={entry.value}
                  onChangeComplete={(value) =>
                    change({
                      colorMap: site.colorMap.map((e, i) =>
                        i === index ? { ...e, value: hex(value) } : e,
                      ),
                    })
                  }
                />
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('删除')}
                  onClick={() => change({ colorMap: site.colorMap.filter((_, i) => i !== index) })}
                />
              </div>
            ))}
            <Button
              size="small"
              icon={<PlusOutlined />}
              onClick={() =>
                change({ colorMap: [...site.colorMap, { name: '', value: '#E8545A' }] })
              }
            >
              {t('添加映射')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={t('导航背景图')}>
          <Input
            allowClear
            placeholder="https://…/nav.png"
            value={site.navBackgroundImage}
            onChange={(event) => change({ navBackgroundImage: event.target.value || undefined })}
          />
        </Form.Item>
        <Form.Item label={t('导航文字颜色')}>
          <ColorPicker
            allowClear
            showText
            value={site.navTextColor}
            onChangeComplete={(value) => change({ navTextColor: hex(value) })}
            onClear={() => change({ navTextColor: undefined })}
          />
        </Form.Item>
        <Form.Item
          label={t('数字缩写')}
          tooltip={t('图表、统计卡片和信息互动数中较大数字的缩写方式')}
        >
          <Select
            data-testid="manage-site-number-style"
            value={site.numberStyle ?? 'k'}
            options={NUMBER_STYLES.map((style) => ({
              value: style,
              label: t.label(NUMBER_STYLE_LABELS[style]),
            }))}
            onChange={(numberStyle) => change({ numberStyle })}
          />
        </Form.Item>
        <Form.Item label={t('隐藏专题名称')}>
          <Switch
            checked={site.hideSubjectName}
            onChange={(hideSubjectName) => change({ hideSubjectName })}
          />
        </Form.Item>
      </Form>
    </div>
  );
}
