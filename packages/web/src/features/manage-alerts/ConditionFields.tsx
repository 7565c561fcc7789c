import { MEDIA_LEVELS } from '@yuqing/core';
import { Form, InputNumber, Select } from 'antd';
import { useT } from '../../i18n/useT';
import { durationText } from './ruleText';
import styles from './AlertRules.module.css';

const WINDOWS = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440];

const number = (name: string, label: string, props: { step?: number; min?: number } = {}) => (
  <Form.Item name={['condition', name]} label={label}>
    <InputNumber style={{ width: 140 }} data-testid={`rule-${name}`} {...props} />
  </Form.Item>
);

/** The parameters of the condition kind chosen in the form. */
export function ConditionFields() {
  const t = useT();
  const kind = Form.useWatch(['condition', 'kind']) as string | undefined;
  const windowField = (
    <Form.Item name={['condition', 'window_minutes']} label={t('时间窗口')}>
      <Select
        options={WINDOWS.map((minutes) => ({ value: minutes, label: durationText(minutes, t) }))}
        style={{ width: 140 }}
        data-testid="rule-window"
      />
    </Form.Item>
  );
  switch (kind) {
    case 'volume':
      return (
        <div className={styles.inline}>
          {windowField}
          {number('threshold', t('声量阈值（条）'), { min: 1 })}
        </div>
      );
    case 'spike':
      return (
        <div className={styles.inline}>
          <Form.Item name={['condition', 'measure']} label={t('监测对象')}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'volume', label: t('全部声量') },
                { value: 'negative', label: t('负面声量') },
              ]}
            />
          </Form.Item>
          {windowField}
          {number('baseline_days', t('基线天数'))}
          {number('min_score', t('最低得分'), { step: 0.5 })}
          {number('min_count', t('最少条数'))}
        </div>
      );
    case 'negative_share':
      return (
        <div className={styles.inline}>
          {windowField}
          {number('threshold', t('负面占比阈值（0–1）'), { step: 0.05 })}
          {number('min_count', t('最少条数'))}
        </div>
      );
    case 'notable_post':
      return (
        <div className={styles.inline}>
          {windowField}
          <Form.Item name={['condition', 'media_levels']} label={t('媒体级别')}>
            <Select
              mode="multiple"
              style={{ minWidth: 180 }}
              placeholder={t('选择媒体级别')}
              options={MEDIA_LEVELS.map((level) => ({
                value: level,
                label: t('{level} 级', { level }),
              }))}
            />
          </Form.Item>
          {number('min_followers', t('作者粉丝数超过'), { min: 1 })}
        </div>
      );
    case 'new_term':
      return (
        <div className={styles.inline}>
          <Form.Item name={['condition', 'source']} label={t('监测')}>
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'words', label: t('新词') },
                { value: 'topics', label: t('新话题') },
              ]}
            />
          </Form.Item>
          {windowField}
          {number('baseline_days', t('基线天数'))}
          {number('min_count', t('最少条数'))}
        </div>
      );
    default:
      return null;
  }
}
