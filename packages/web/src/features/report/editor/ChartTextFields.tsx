import type { Chart } from '@yuqing/core';
import { Form, Input } from 'antd';
import { useT } from '../../../i18n/useT';
import styles from './ReportEditor.module.css';

const TEXT_MAX = 5000;

/** Per chart, the texts shown above and below it; the form keeps them under `aggsText`. */
export function ChartTextFields({ charts }: { charts: readonly Chart[] }) {
  const t = useT();
  return charts.map((chart, index) => (
    <fieldset key={chart.i} className={styles.chartTexts} data-testid={`chart-texts-${chart.i}`}>
      <legend>
        {chart.title ? t.label(chart.title) : t('图表 {number}', { number: index + 1 })}
      </legend>
      <Form.Item label={t('图表上方文字')} name={['aggsText', chart.i, 'top_text']}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={TEXT_MAX} />
      </Form.Item>
      <Form.Item label={t('图表下方文字')} name={['aggsText', chart.i, 'footer_text']}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={TEXT_MAX} />
      </Form.Item>
    </fieldset>
  ));
}
