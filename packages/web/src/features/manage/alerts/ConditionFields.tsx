import { MEDIA_LEVELS } from '@yuqing/core';
import { Form, InputNumber, Select } from 'antd';
import styles from './AlertRules.module.css';

const WINDOW_OPTIONS = [5, 10, 15, 30, 60, 120, 180, 360, 720, 1440].map((minutes) => ({
  value: minutes,
  label: minutes < 60 ? `${minutes} 分钟` : minutes < 1440 ? `${minutes / 60} 小时` : '1 天',
}));

const windowField = (
  <Form.Item name={['condition', 'window_minutes']} label="时间窗口">
    <Select options={WINDOW_OPTIONS} style={{ width: 140 }} data-testid="rule-window" />
  </Form.Item>
);

const number = (name: string, label: string, props: { step?: number; min?: number } = {}) => (
  <Form.Item name={['condition', name]} label={label}>
    <InputNumber style={{ width: 140 }} data-testid={`rule-${name}`} {...props} />
  </Form.Item>
);

/** The parameters of the condition kind chosen in the form. */
export function ConditionFields() {
  const kind = Form.useWatch(['condition', 'kind']) as string | undefined;
  switch (kind) {
    case 'volume':
      return (
        <div className={styles.inline}>
          {windowField}
          {number('threshold', '声量阈值（条）', { min: 1 })}
        </div>
      );
    case 'spike':
      return (
        <div className={styles.inline}>
          <Form.Item name={['condition', 'measure']} label="监测对象">
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'volume', label: '全部声量' },
                { value: 'negative', label: '负面声量' },
              ]}
            />
          </Form.Item>
          {windowField}
          {number('baseline_days', '基线天数')}
          {number('min_score', '最低得分', { step: 0.5 })}
          {number('min_count', '最少条数')}
        </div>
      );
    case 'negative_share':
      return (
        <div className={styles.inline}>
          {windowField}
          {number('threshold', '负面占比阈值（0–1）', { step: 0.05 })}
          {number('min_count', '最少条数')}
        </div>
      );
    case 'notable_post':
      return (
        <div className={styles.inline}>
          {windowField}
          <Form.Item name={['condition', 'media_levels']} label="媒体级别">
            <Select
              mode="multiple"
              style={{ minWidth: 180 }}
              placeholder="选择媒体级别"
              options={MEDIA_LEVELS.map((level) => ({ value: level, label: `${level} 级` }))}
            />
          </Form.Item>
          {number('min_followers', '作者粉丝数超过', { min: 1 })}
        </div>
      );
    case 'new_term':
      return (
        <div className={styles.inline}>
          <Form.Item name={['condition', 'source']} label="监测">
            <Select
              style={{ width: 140 }}
              options={[
                { value: 'words', label: '新词' },
                { value: 'topics', label: '新话题' },
              ]}
            />
          </Form.Item>
          {windowField}
          {number('baseline_days', '基线天数')}
          {number('min_count', '最少条数')}
        </div>
      );
    default:
      return null;
  }
}
