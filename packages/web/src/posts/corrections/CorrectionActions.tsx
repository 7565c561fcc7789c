import { DownOutlined, EditOutlined, StopOutlined } from '@ant-design/icons';
import { SENTIMENTS, type Post, type PostCorrectionRequest } from '@yuqing/core';
import { Dropdown, message } from 'antd';
import { useState } from 'react';
import { correctPost } from '../../api/corrections';
import { useT } from '../../i18n/useT';
import { useCorrections } from './correctionStore';
import styles from '../PostCard.module.css';

/**
 * A member's corrections of what the machine decided about a post (issue 25): 修改倾向 (a menu of
 * 正面/中性/负面) and, on a post marked as a near duplicate, 清除重复标记. The server stores and
 * audits each and every widget counts it at once: the page's widgets load again.
 */
export function CorrectionActions({ post }: { post: Post }) {
  const t = useT();
  const corrected = useCorrections((state) => state.corrected);
  const [busy, setBusy] = useState(false);

  async function send(body: PostCorrectionRequest, done: string) {
    setBusy(true);
    try {
      corrected((await correctPost(body)).post);
      void message.success(done);
    } catch {
      // The client has shown why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          selectable: true,
          selectedKeys: post.tendency ? [post.tendency] : [],
          items: SENTIMENTS.map((value) => ({
            key: value,
            label: (
              <span data-testid={`post-sentiment-${post._id}-${value}`}>{t.label(value)}</span>
            ),
          })),
          onClick: ({ key }) => {
            if (key === post.tendency) return;
            void send(
              { _id: post._id, field: 'sentiment', value: key as (typeof SENTIMENTS)[number] },
              t('已将倾向改为「{sentiment}」', { sentiment: t.label(key) }),
            );
          },
        }}
      >
        <button
          type="button"
          className={styles.action}
          data-testid={`post-correct-${post._id}`}
          aria-label={t('修改倾向')}
        >
          <EditOutlined /> {t('修改倾向')} <DownOutlined style={{ fontSize: 10 }} />
        </button>
      </Dropdown>
      {post.water_post === 'YES' && (
        <button
          type="button"
          className={styles.action}
          disabled={busy}
          data-testid={`post-clear-duplicate-${post._id}`}
          onClick={() =>
            void send(
              { _id: post._id, field: 'duplicate' },
              t('已清除重复标记，该帖计入去噪后的统计'),
            )
          }
        >
          <StopOutlined /> {t('清除重复标记')}
        </button>
      )}
    </>
  );
}
