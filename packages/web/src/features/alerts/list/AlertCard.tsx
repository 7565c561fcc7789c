import { CheckOutlined, ExportOutlined } from '@ant-design/icons';
import { CONDITION_KIND_LABELS, type Alert, type AlertPost } from '@yuqing/core';
import { Button, Tag } from 'antd';
import { useT } from '../../../i18n/useT';
import { AlertLevelTag } from '../../../alert-display/AlertLevelTag';
import { formatRange, formatTime } from '../../../alert-display/alertTime';
import { measureText } from '../../../alert-display/measureText';
import styles from './AlertsPage.module.css';

interface AlertCardProps {
  alert: Alert;
  timeZone: string;
  /** A code's name: 'weibo' → 微博. */
  label(code: string): string;
  onRead(alert: Alert): void;
}

function PostLine({
  post,
  label,
  timeZone,
}: {
  post: AlertPost;
  label: AlertCardProps['label'];
  timeZone: string;
}) {
  const t = useT();
  return (
    <li className={styles.post}>
      <a href={post.uri} target="_blank" rel="noopener noreferrer" className={styles.postTitle}>
        {post.title || t('（无标题）')}
      </a>
      <span className={styles.meta}>
        {label(post.media_platform)} · {post.author || post.media} ·{' '}
        {formatTime(post.created, timeZone)} · {t('互动')} {post.engagement_num}
      </span>
    </li>
  );
}

/** One alert: when, which rule, its numbers against the baseline, what drives it, and 查看详情. */
export function AlertCard({ alert, timeZone, label, onRead }: AlertCardProps) {
  const t = useT();
  const { measure } = alert;
  return (
    <article
      className={alert.read ? styles.card : `${styles.card} ${styles.unread}`}
      data-testid={`alert-${alert._id}`}
      data-unread={!alert.read}
    >
      <header className={styles.cardHead}>
        {!alert.read && <span className={styles.dot} aria-label={t('未读')} />}
        <AlertLevelTag level={alert.level} />
        <span className={styles.ruleName}>{alert.rule_name}</span>
        <span className={styles.meta}>
          {formatTime(alert.raised_at, timeZone)}
          {alert.updates > 0 &&
            t('（持续中，已更新 {updates} 次，最近 {time}）', {
              updates: alert.updates,
              time: formatTime(alert.updated_at, timeZone, true),
            })}
        </span>
        <span className={styles.actions}>
          {!alert.read && (
            <Button
              size="small"
              type="text"
              icon={<CheckOutlined />}
              onClick={() => onRead(alert)}
              data-testid="alert-mark-read"
            >
              {t('标为已读')}
            </Button>
          )}
          <Button
            size="small"
            type="primary"
            ghost
            icon={<ExportOutlined />}
            href={alert.link}
            data-testid="alert-link"
            onClick={() => !alert.read && onRead(alert)}
          >
            {t('查看详情')}
          </Button>
        </span>
      </header>

      <div className={styles.numbers}>
        <span className={styles.kind}>{t.label(CONDITION_KIND_LABELS[alert.condition_kind])}</span>
        <span className={styles.measure} data-testid="alert-measure">
          {measureText(measure, alert.condition_kind, t)}
        </span>
        <span className={styles.meta}>
          {t('窗口 {range}，匹配 {count} 条', {
            range: formatRange(measure.window_start, measure.window_end, timeZone),
            count: measure.count,
          })}
        </span>
      </div>

      <div className={styles.body}>
        <section>
          <h4 className={styles.label}>{t('首发')}</h4>
          {alert.first_post ? (
            <ul className={styles.posts}>
              <PostLine post={alert.first_post} label={label} timeZone={timeZone} />
            </ul>
          ) : (
            <span className={styles.meta}>{t('暂无数据')}</span>
          )}
          <h4 className={styles.label}>{t('热门文章')}</h4>
          {alert.top_posts.length > 0 ? (
            <ul className={styles.posts}>
              {alert.top_posts.slice(0, 5).map((post) => (
                <PostLine key={post._id} post={post} label={label} timeZone={timeZone} />
              ))}
            </ul>
          ) : (
            <span className={styles.meta}>{t('暂无数据')}</span>
          )}
        </section>
        <aside className={styles.side}>
          <h4 className={styles.label}>{t('热词')}</h4>
          <div>
            {alert.top_words.length > 0 ? (
              alert.top_words.slice(0, 12).map((word) => <Tag key={word.name}>{word.name}</Tag>)
            ) : (
              <span className={styles.meta}>{t('暂无数据')}</span>
            )}
          </div>
          <h4 className={styles.label}>{t('平台分布')}</h4>
          {alert.platforms.length > 0 ? (
            <ul className={styles.platforms}>
              {alert.platforms.slice(0, 6).map((platform) => (
                <li key={platform.name}>
                  <span>{label(platform.name)}</span>
                  <span>{platform.value}</span>
                </li>
              ))}
            </ul>
          ) : (
            <span className={styles.meta}>{t('暂无数据')}</span>
          )}
        </aside>
      </div>
    </article>
  );
}
