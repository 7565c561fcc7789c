import type { ProductMentionInfo, RelationRow, TopicRow } from '@yuqing/core';
import { Table, Tabs, Tag, type TableColumnsType } from 'antd';
import type { KgTags } from './kgContent';

const EMOTION_COLORS: Record<string, string> = { 正面: 'green', 中性: 'default', 负面: 'red' };

const words = (list: readonly string[]) => (list.length > 0 ? list.join('、') : '-');
const emotion = (value: string) => <Tag color={EMOTION_COLORS[value]}>{value}</Tag>;

const PRODUCT_COLUMNS: TableColumnsType<ProductMentionInfo> = [
  { title: '品牌', dataIndex: 'brand' },
  { title: '品类', dataIndex: 'category', render: (value: string) => value || '-' },
  { title: '产品', dataIndex: 'product_name' },
  { title: '产品类型', dataIndex: 'product_type', render: (value: string) => value || '-' },
  { title: '句子', dataIndex: 'sentence_index', render: (value: number) => value + 1 },
  {
    title: '话题',
    dataIndex: 'topic_index',
    render: (value: number) => (value < 0 ? '-' : value + 1),
  },
];

const TOPIC_COLUMNS: TableColumnsType<TopicRow> = [
  { title: '序号', key: 'index', render: (_value, _row, index) => index + 1, width: 64 },
  { title: '话题', dataIndex: 'topic' },
  { title: '话题词', dataIndex: 'topic_words', render: words },
  { title: '情感词', dataIndex: 'sentiment_words', render: words },
  { title: '得分', dataIndex: 'score', render: (value: number) => value.toFixed(2) },
  { title: '情感', dataIndex: 'emotion', render: emotion },
];

const RELATION_COLUMNS: TableColumnsType<RelationRow> = [
  { title: '组合', dataIndex: 'combination' },
  { title: '品牌', dataIndex: 'brand' },
  { title: '产品', dataIndex: 'product_name' },
  { title: '话题', dataIndex: 'topic' },
  { title: '情感', dataIndex: 'emotion', render: emotion },
  { title: '关系规则', dataIndex: 'relations', render: words },
];

interface KgTagResultsProps {
  tags: KgTags;
  tab: string;
  onTab(tab: string): void;
}

/** The tagged view's tabs (spec 2): Product, Topic, Relation rows of spec 3. */
export function KgTagResults({ tags, tab, onTab }: KgTagResultsProps) {
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
      locale={{ emptyText: '暂无数据' }}
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
          label: `产品 (${tags.products.product_mentions_infos.length})`,
          children: table(tags.products.product_mentions_infos, PRODUCT_COLUMNS, 'kg-products'),
        },
        {
          key: 'topic',
          label: `话题 (${tags.topics.topics.length})`,
          children: table(tags.topics.topics, TOPIC_COLUMNS, 'kg-topics'),
        },
        {
          key: 'relation',
          label: `关系 (${tags.topics.relations.length})`,
          children: table(tags.topics.relations, RELATION_COLUMNS, 'kg-relations'),
        },
      ]}
    />
  );
}
