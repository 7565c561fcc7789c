import type { ProductMentionInfo, RelationRow, TopicRow } from '@yuqing/core';
import { Table, Tabs, Tag, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useT, type Translate } from '../../i18n/useT';
import type { KgTags } from './kgContent';

const EMOTION_COLORS: Record<string, string> = { 正面: 'green', 中性: 'default', 负面: 'red' };

/** The three tables' columns in the viewer's language. */
function columnsOf(t: Translate) {
  const words = (list: readonly string[]) => (list.length > 0 ? list.join(t('、')) : '-');
  const emotion = (value: string) => <Tag color={EMOTION_COLORS[value]}>{t.label(value)}</Tag>;
  const products: TableColumnsType<ProductMentionInfo> = [
    { title: t('品牌'), dataIndex: 'brand' },
    { title: t('品类'), dataIndex: 'category', render: (value: string) => value || '-' },
    { title: t('产品'), dataIndex: 'product_name' },
    { title: t('产品类型'), dataIndex: 'product_type', render: (value: string) => value || '-' },
    { title: t('句子'), dataIndex: 'sentence_index', render: (value: number) => value + 1 },
    {
      title: t('话题'),
      dataIndex: 'topic_index',
      render: (value: number) => (value < 0 ? '-' : value + 1),
    },
  ];
  const topics: TableColumnsType<TopicRow> = [
    { title: t('序号'), key: 'index', render: (_value, _row, index) => index + 1, width: 64 },
    { title: t('话题'), dataIndex: 'topic' },
    { title: t('话题词'), dataIndex: 'topic_words', render: words },
    { title: t('情感词'), dataIndex: 'sentiment_words', render: words },
    { title: t('得分'), dataIndex: 'score', render: (value: number) => value.toFixed(2) },
    { title: t('情感'), dataIndex: 'emotion', render: emotion },
  ];
  const relations: TableColumnsType<RelationRow> = [
    { title: t('组合'), dataIndex: 'combination' },
    { title: t('品牌'), dataIndex: 'brand' },
    { title: t('产品'), dataIndex: 'product_name' },
    { title: t('话题'), dataIndex: 'topic' },
    { title: t('情感'), dataIndex: 'emotion', render: emotion },
    { title: t('关系规则'), dataIndex: 'relations', render: words },
  ];
  return { products, topics, relations };
}

interface KgTagResultsProps {
  tags: KgTags;
  tab: string;
  onTab(tab: string): void;
}

/** The tagged view's tabs (spec 2): Product, Topic, Relation rows of spec 3. */
export function KgTagResults({ tags, tab, onTab }: KgTagResultsProps) {
  const t = useT();
  const columns = useMemo(() => columnsOf(t), [t]);
  const table = <T extends object>(
    rows: readonly T[],
    columns: TableColumnsType<T>,
    testId: string,
  ) => (
    <Table<T>
      size="small"
      columns={columns}
      dataSource={rows.map((row, index) => ({ ...row, key: String(index) }))}
      pagination={false}
      locale={{ emptyText: t('暂无数据') }}
      data-testid={testId}
    />
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={onTab}
      items={[
        {
          key: 'product',
          label: t('产品 ({count})', { count: tags.products.product_mentions_infos.length }),
          children: table(tags.products.product_mentions_infos, columns.products, 'kg-products'),
        },
        {
          key: 'topic',
          label: t('话题 ({count})', { count: tags.topics.topics.length }),
          children: table(tags.topics.topics, columns.topics, 'kg-topics'),
        },
        {
          key: 'relation',
          label: t('关系 ({count})', { count: tags.topics.relations.length }),
          children: table(tags.topics.relations, columns.relations, 'kg-relations'),
        },
      ]}
    />
  );
}
