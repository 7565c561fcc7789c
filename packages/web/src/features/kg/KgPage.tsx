import { ApartmentOutlined } from '@ant-design/icons';
import { platformName, postMainText, sanitizeText, valueLabels, type Post } from '@yuqing/core';
import { Alert, Descriptions, Empty } from 'antd';
import { useState } from 'react';
import { useT } from '../../i18n/useT';
import { useSession } from '../../session/session';
import { readKgPost } from '../posts/kgHandOver';
import styles from './KgPage.module.css';

type Passed = { post?: Post; error?: undefined } | { post?: undefined; error: string };

function readPassed(): Passed {
  try {
    return { post: readKgPost() };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * #/kg, the tagging tool. A post card's 标注 action hands its post over through local storage
 * (`KG_POST_KEY`) and opens this screen in a new tab; the content form shows it read-only. The
 * tagging itself (product, topic and relation tabs, rule and GPT modes) comes later.
 */
export function KgPage() {
  const t = useT();
  const { detail } = useSession();
  const [passed] = useState(readPassed);
  const post = passed.post;

  return (
    <div className={styles.page}>
      <section className={styles.panel}>
        <h2 className={styles.heading}>
          <ApartmentOutlined /> {t('page.kg')}
        </h2>
        <Alert
          type="info"
          showIcon
          message="标注功能即将上线：产品、话题与关系标签将在此处展示。下方为传入的内容，仅供查看。"
        />
        {passed.error !== undefined ? (
          <Alert type="error" showIcon role="alert" message={passed.error} data-testid="kg-error" />
        ) : post ? (
          <div className={styles.form} data-testid="kg-passed-post" data-post-id={post._id}>
            <Descriptions
              column={1}
              bordered
              size="small"
              items={[
                {
                  key: 'media_type',
                  label: '媒体类型',
                  children: post.media_type
                    ? (valueLabels(detail?.project).get(post.media_type) ?? post.media_type)
                    : '-',
                },
                {
                  key: 'media_platform',
                  label: '媒体平台',
                  children: post.media_platform
                    ? platformName(post.media_platform, detail?.project.medias)
                    : '-',
                },
                { key: 'media', label: '媒体名称', children: sanitizeText(post.media) || '-' },
                {
                  key: 'title',
                  label: '标题',
                  children: <span data-testid="kg-title">{sanitizeText(post.title) || '-'}</span>,
                },
                {
                  key: 'body',
                  label: '正文',
                  children: (
                    <div className={styles.body} data-testid="kg-text">
                      {sanitizeText(postMainText(post))}
                    </div>
                  ),
                },
              ]}
            />
          </div>
        ) : (
          <Empty description="没有传入的内容：请从文章卡片的「标注」打开" />
        )}
      </section>
    </div>
  );
}
