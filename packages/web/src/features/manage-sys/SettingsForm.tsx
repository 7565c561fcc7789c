import { SaveOutlined } from '@ant-design/icons';
import type { ProjectSystemSettings } from '@yuqing/core';
import { Button, Checkbox, ColorPicker, Form, Input, Switch, type ColorPickerProps } from 'antd';
import { useState } from 'react';
import { saveProjectSystem } from '../../api/manageSys';
import { zh } from '../../i18n/translateText';
import { saveWithMessages } from '../../forms/failureMessage';
import { useT, type Translate } from '../../i18n/useT';
import { MediaTable } from './MediaTable';
import {
  checkSettings,
  checkSettingsField,
  SETTINGS_LABELS,
  type SettingsField,
} from './settingsCheck';
import { TagListInput } from './TagListInput';
import styles from './ManageSys.module.css';

const LOGIN_TYPE_OPTIONS = [
  { value: 'pw', label: zh('账号密码') },
  { value: 'wx', label: zh('微信扫码') },
];

const COLOR_PRESETS = [
  {
    label: zh('推荐'),
    colors: [
      '#3673F1',
      '#2E57E4',
      '#41B748',
      '#13A8A8',
      '#722ED1',
      '#EB2F96',
      '#FA8C16',
      '#F5222D',
    ],
  },
];

interface SettingsFormProps {
  settings: ProjectSystemSettings;
  onSaved: (settings: ProjectSystemSettings) => void;
}

/** Each field checked with its own core schema, so the form shows the server's rules as you edit. */
const rule = (field: SettingsField, t: Translate) => ({
  validator: async (_: unknown, value: unknown) => {
    const problems = checkSettingsField(field, value, t);
    if (problems.length) throw new Error(problems.join(t('；')));
  },
});

/** The project's system settings (spec 3, Project): who signs in, how it looks, what data means. */
export function SettingsForm({ settings, onSaved }: SettingsFormProps) {
  const t = useT();
  const [form] = Form.useForm<ProjectSystemSettings>();
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);

  const item = (field: SettingsField) => ({
    name: field,
    label: t(SETTINGS_LABELS[field]),
    rules: [rule(field, t)],
  });

  async function save() {
    let values: ProjectSystemSettings;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const checked = checkSettings({ ...settings, ...values }, t);
    if (!checked.ok) {
      form.setFields([...checked.errors].map(([name, errors]) => ({ name, errors })));
      return;
    }
    if (!(await saveWithMessages(() => saveProjectSystem(checked.data), setSaving, t))) return;
    setDirty(false);
    onSaved(checked.data);
  }

  return (
    <Form<ProjectSystemSettings>
      form={form}
      initialValues={settings}
      labelCol={{ flex: '110px' }}
      wrapperCol={{ flex: 1 }}
      labelWrap
      onValuesChange={() => setDirty(true)}
      data-testid="sys-settings"
    >
      <div className={styles.columns}>
        <section>
          <h3 className={styles.groupTitle}>{t('登录与外观')}</h3>
          <Form.Item {...item('loginTypes')} extra={t('登录页提供的方式，至少保留一种')}>
            <Checkbox.Group
              options={LOGIN_TYPE_OPTIONS.map(({ value, label }) => ({ value, label: t(label) }))}
              data-testid="sys-login-types"
            />
          </Form.Item>
          <Form.Item {...item('scene')}>
            <Input maxLength={50} placeholder={t('如 汽车、快消')} />
          </Form.Item>
          <Form.Item {...item('icp')}>
            <Input maxLength={100} placeholder={t('显示在登录页底部，如 京ICP备00000000号')} />
          </Form.Item>
          <Form.Item
            {...item('primaryColor')}
            getValueFromEvent={(color: Parameters<NonNullable<ColorPickerProps['onChange']>>[0]) =>
              color.toHexString().toUpperCase()
            }
            extra={t('导航、按钮与图表的主色，刷新页面后生效')}
          >
            <ColorPicker
              showText
              disabledAlpha
              presets={COLOR_PRESETS.map((preset) => ({ ...preset, label: t(preset.label) }))}
            />
          </Form.Item>
          <Form.Item
            {...item('showDownloadJobList')}
            valuePropName="checked"
            extra={t('在导航中显示离线下载任务列表')}
          >
            <Switch />
          </Form.Item>
          <Form.Item {...item('highlight_keyword')} extra={t('每行一个，文章卡片中高亮显示')}>
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              placeholder={t('新能源\n续航')}
            />
          </Form.Item>
        </section>
        <section>
          <h3 className={styles.groupTitle}>{t('数据口径')}</h3>
          <Form.Item {...item('tendencies')} extra={t('文章的情感倾向标签，至少一个')}>
            <TagListInput addLabel={t('添加倾向')} testId="sys-tendencies" />
          </Form.Item>
          <Form.Item {...item('discard_word')} extra={t('词云等统计中忽略的词')}>
            <TagListInput
              addLabel={t('添加过滤词')}
              placeholder={t('可用逗号分隔多个')}
              testId="sys-discard-words"
            />
          </Form.Item>
          <Form.Item {...item('excludePath')} extra={t('不参与统计的路径')}>
            <TagListInput
              addLabel={t('添加路径')}
              placeholder={t('/广告')}
              testId="sys-exclude-paths"
            />
          </Form.Item>
          <Form.Item {...item('medias')} extra={t('文章的媒体代码与显示名称')}>
            <MediaTable />
          </Form.Item>
        </section>
      </div>
      <div className={styles.formFooter}>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void save()}
          data-testid="sys-settings-save"
        >
          {t('保存设置')}
        </Button>
        {dirty && <span className={styles.muted}>{t('有未保存的修改')}</span>}
      </div>
    </Form>
  );
}
