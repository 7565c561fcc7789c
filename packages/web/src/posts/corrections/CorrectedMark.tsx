import {
  CORRECTION_FIELD_LABELS,
  correctionMarksOf,
  formatPostTime,
  type CorrectionField,
  type Post,
} from '@yuqing/core';
import { Tag, Tooltip } from 'antd';
import { useT } from '../../i18n/useT';
import styles from '../PostCard.module.css';

/**
 * A small 人工 mark on a post a person corrected, its tooltip saying what, who and when
 * (情感倾向：analyst，2024-05-01 10:00:00).
 */
export function CorrectedMark({ post, timeZone }: { post: Post; timeZone: string }) {
  const t = useT();
  const marks = correctionMarksOf(post);
  if (!marks) return null;
  const lines = (Object.keys(CORRECTION_FIELD_LABELS) as CorrectionField[]).flatMap((field) => {
    const mark = marks[field];
    if (!mark) return [];
    const what =
      field === 'duplicate' ? t('清除重复标记') : t.label(CORRECTION_FIELD_LABELS[field]);
    const time = formatPostTime(Date.parse(mark.at), timeZone);
    return [t('{what}：{by}，{time}', { what, by: mark.by, time })];
  });
  return (
    <Tooltip
      title={
        <div>
          <div>{t('人工修改')}</div>
          {lines.map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      }
    >
      <Tag className={styles.tag} color="gold" data-testid={`post-corrected-${post._id}`}>
        {t('人工')}
      </Tag>
    </Tooltip>
  );
}
