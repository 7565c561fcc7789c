import { ApartmentOutlined, EditOutlined, ReloadOutlined, TagsOutlined } from '@ant-design/icons';
import { TAGGING_MEDIA_TYPES, TAGGING_WARNINGS, platformName, sanitizeText } from '@yuqing/core';
import { Alert, Button, Descriptions, Segmented, Space, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { notify } from '../../api/notify';
import { reloadTagRules, tagProducts, tagTopics } from '../../api/tags';
import { useT, type Translate } from '../../i18n/useT';
import { canManage } from '../../session/access';
import { useSession } from '../../session/session';
import { Highlighted } from '../../posts/Highlighted';
import { readKgPost } from '../../posts/kgHandOver';
import { KgContentForm } from './KgContentForm';
import { KgGptPanel } from './KgGptPanel';
import { KgTagResults } from './KgTagResults';
import {
  EMPTY_CONTENT,
  contentOfPost,
  hasContent,
  matchedWords,
  tagRequestOf,
  type KgContent,
  type KgTags,
} from './kgContent';
import styles from './KgPage.module.css';

type Mode = 'rule' | 'gpt';

/** The form's first content: the post a card handed over, or an empty form; or why not. */
function initialContent(): { content: KgContent; postId?: string; error?: string } {
  try {
    const post = readKgPost();
    return post ? { content: contentOfPost(post), postId: post._id } : { content: EMPTY_CONTENT };
  } catch (error) {
    return {
      content: EMPTY_CONTENT,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

const mediaTypeLabel = (value: string, t: Translate) => {
  const label = TAGGING_MEDIA_TYPES.find((type) => type.value === value)?.label;
  return label ? t.label(label) : '-';
};

/** The tagged view: the content read-only, its matched words highlighted. */
function TaggedContent({ content, words }: { content: KgContent; words: readonly string[] }) {
  const t = useT();
  return (
    <Descriptions
      className={styles.form}
      column={1}
      bordered
      size="small"
      data-testid="kg-tagged"
      items={[
        {
          key: 'media_type',
          label: t('媒体类型'),
          children: mediaTypeLabel(content.media_type, t),
        },
        {
          key: 'media_platform',
          label: t('媒体平台'),
          children: content.media_platform ? t.label(platformName(content.media_platform)) : '-',
        },
        { key: 'media', label: t('媒体名称'), children: sanitizeText(content.media) || '-' },
        {
          key: 'title',
          label: t('标题'),
          children: <Highlighted text={sanitizeText(content.title) || '-'} terms={words} />,
        },
        {
          key: 'body',
          label: t('正文'),
          children: (
            <div className={styles.body} data-testid="kg-text">
              <Highlighted text={sanitizeText(content.body)} terms={words} />
            </div>
          ),
        },
      ]}
    />
  );
}

/**
 * #/kg, the tagging tool (spec 2, 4). The form starts from the post a card's 标注 action handed
 * over, if any. Rule mode tags the content with the project's rules (products, then topics and
 * relations) and shows the tagged view until 编辑; admins may switch to GPT mode, which asks the
 * language model with one of the project's prompts.
 */
export function KgPage() {
  const t = useT();
  const { user } = useSession();
  const [initial] = useState(initialContent);
  const [content, setContent] = useState(initial.content);
  const [mode, setMode] = useState<Mode>('rule');
  const [tags, setTags] = useState<KgTags>();
  const [tab, setTab] = useState('product');
  const [tagging, setTagging] = useState(false);
  const [reloading, setReloading] = useState(false);
  const words = useMemo(() => (tags ? matchedWords(tags) : []), [tags]);
  const admin = canManage(user);

  const tag = async () => {
    if (!hasContent(content)) return notify(t.label(TAGGING_WARNINGS.noContent), 'warning');
    setTagging(true);
    try {
      const products = await tagProducts(tagRequestOf(content));
      const topics = await tagTopics({ ...tagRequestOf(content), ...products });
      setTags({ products, topics });
    } catch {
      // The client has shown why.
    } finally {
      setTagging(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      await reloadTagRules();
    } catch {
      // The client has shown why.
    } finally {
      setReloading(false);
    }
  };

  const editing = mode === 'gpt' || !tags;
  return (
    <div className={styles.page}>
      <section
        className={styles.panel}
        data-testid={initial.postId ? 'kg-passed-post' : undefined}
        data-post-id={initial.postId}
      >
        <div className={styles.header}>
          <h2 className={styles.heading}>
            <ApartmentOutlined /> {t('page.kg')}
          </h2>
          <Space>
            {admin && (
              <Segmented<Mode>
                options={[
                  { value: 'rule', label: t('规则模式') },
                  { value: 'gpt', label: t('GPT 模式') },
                ]}
                value={mode}
                onChange={setMode}
                data-testid="kg-mode"
              />
            )}
            <Button
              icon={<ReloadOutlined />}
              loading={reloading}
              onClick={() => void reload()}
              data-testid="kg-reload"
            >
              {t('重新加载规则')}
            </Button>
          </Space>
        </div>
        {initial.error !== undefined && (
          <Alert
            type="error"
            showIcon
            role="alert"
            message={initial.error}
            data-testid="kg-error"
          />
        )}
        {editing ? (
          <KgContentForm
            content={content}
            onChange={setContent}
            mediaTypeRequired={mode === 'gpt'}
          />
        ) : (
          <TaggedContent content={content} words={words} />
        )}
        {mode === 'rule' ? (
          <>
            <Space>
              {tags ? (
                <Button
                  icon={<EditOutlined />}
                  onClick={() => setTags(undefined)}
                  data-testid="kg-edit"
                >
                  {t('编辑')}
                </Button>
              ) : (
                <Button
                  type="primary"
                  icon={<TagsOutlined />}
                  loading={tagging}
                  onClick={() => void tag()}
                  data-testid="kg-tag"
                >
                  {t('标注')}
                </Button>
              )}
            </Space>
            <Spin spinning={tagging}>
              {tags && <KgTagResults tags={tags} tab={tab} onTab={setTab} />}
            </Spin>
          </>
        ) : (
          <KgGptPanel content={content} />
        )}
      </section>
    </div>
  );
}
