import { translate, type Locale, type MessageKey } from './locales/index.js';
import { FIELD_LABELS, VALUE_TYPE_LABELS } from './posts/fields.js';

/** Chinese names of the fields requests and posts carry, for validation messages. */
export const REQUEST_FIELD_LABELS: Readonly<Record<string, string>> = {
  ...FIELD_LABELS,
  ...VALUE_TYPE_LABELS,
  _id: 'ID',
  account: '账号',
  action: '操作',
  address: '地址',
  aggsText: '图表文字',
  aliases: '别名',
  all: '全部',
  baseline_days: '基线天数',
  bgColor: '背景色',
  brand: '品牌',
  brands: '品牌规则',
  categories: '品类规则',
  category: '品类',
  channel: '渠道',
  channels: '渠道',
  chartOptions: '图表选项',
  code: '编码',
  color: '颜色',
  colorMap: '配色映射',
  colors: '配色',
  condition: '预警条件',
  config: '配置',
  content: '内容',
  cooldown_minutes: '冷却时间',
  csv: 'CSV 文件',
  customer: '客户',
  customerCode: '客户编码',
  customerId: '客户',
  customerName: '客户名称',
  data: '数据',
  days: '天数',
  denoise: '去噪',
  desc: '描述',
  description: '描述',
  emotion: '情感',
  enabled: '启用',
  end: '结束时间',
  exclude: '排除',
  field: '字段',
  file: '文件',
  filters: '筛选条件',
  footer_text: '图表下方文字',
  format: '格式',
  from: '发件人',
  header_img: '头图',
  header_text: '页眉文字',
  host: 'SMTP 服务器',
  icon: '图标',
  id: 'ID',
  ids: 'ID 列表',
  ignore: '停用',
  interval: '时间间隔',
  interval_minutes: '检查频率',
  items: '条目',
  key: '标识',
  keyword: '关键词',
  kind: '类型',
  label: '标签',
  level: '级别',
  loginTypes: '登录方式',
  logo_img: 'Logo',
  measure: '监测对象',
  media_levels: '媒体级别',
  menus: '菜单',
  messages: '消息',
  min_count: '最少条数',
  min_followers: '作者粉丝数',
  min_score: '最低得分',
  name: '名称',
  negations: '否定词',
  nickname: '昵称',
  now: '当前时间',
  numberStyle: '数字格式',
  page: '页码',
  pageSize: '每页条数',
  pages: '页面',
  password: '密码',
  path: '路径',
  port: '端口',
  primaryColor: '主题色',
  product: '产品',
  product_infos: '产品信息',
  product_mentions: '提及的产品',
  product_mentions_infos: '产品提及',
  product_name: '产品名称',
  product_type: '产品类型',
  products: '产品规则',
  project: '项目',
  prompt: '提示词',
  projectId: '项目',
  published: '发布状态',
  query: '查询条件',
  quiet_hours: '免打扰时段',
  relations: '关系规则',
  repository: '仓库',
  revision: '修订号',
  role: '角色',
  rule_id: '预警规则',
  secret: '密钥',
  secure: 'SSL/TLS',
  sentence_index: '句子序号',
  sentiments: '情感词',
  size: '数量',
  sort: '排序',
  source: '来源',
  start: '开始时间',
  subject_id: '专题',
  temperature: '温度',
  template: '模板',
  text: '文本',
  theme: '主题',
  threshold: '阈值',
  timestamp: '时间戳',
  timezone: '时区',
  title: '标题',
  to: '收件人',
  token: '令牌',
  top_text: '图表上方文字',
  topic: '话题',
  topic_index: '话题序号',
  topics: '话题规则',
  type: '类型',
  type_name: '提示词类型',
  unread: '未读',
  url: '地址',
  useModified: '已修改',
  user: '用户名',
  username: '用户名',
  value: '值',
  value_type: '数值类型',
  version: '版本号',
  weiboRetweetedMid: '转发微博',
  weight: '权重',
  window_minutes: '时间窗口',
  word: '词',
  words: '词语',
};

/** The label of the field at `path`: its last named key's, '内容' for the value itself. */
export function fieldLabel(path: readonly PropertyKey[]): string {
  const name = path.findLast((key): key is string => typeof key === 'string');
  if (name === undefined) return '内容';
  return REQUEST_FIELD_LABELS[name] ?? name;
}

/** zod's type names, as the form messages name them. */
const TYPE_KEYS: Record<string, MessageKey> = {
  string: 'type.string',
  number: 'type.number',
  int: 'type.int',
  bigint: 'type.int',
  boolean: 'type.boolean',
  array: 'type.array',
  object: 'type.object',
  date: 'type.date',
};

/** What the messages read of a zod issue, so callers need not depend on zod's types. */
export interface ValidationIssue {
  code?: string;
  input?: unknown;
  expected?: unknown;
  origin?: unknown;
  minimum?: unknown;
  maximum?: unknown;
  format?: unknown;
  prefix?: unknown;
  keys?: unknown;
}

/**
 * The spec's form messages ('请输入{label}', '{label}不是一个有效的{type}') for zod's issues that
 * carry no message of their own; a schema's own message (e.g. '至少保留一种登录方式') wins.
 */
export function formMessage(
  issue: ValidationIssue,
  label: string,
  locale: Locale = 'zh_CN',
): string {
  const say = (key: MessageKey, values: Record<string, string> = {}) =>
    translate(locale, key, { label, ...values });
  const invalid = (type: MessageKey) => say('form.invalid', { type: translate(locale, type) });
  const minimum = { minimum: String(issue.minimum) };
  const maximum = { maximum: String(issue.maximum) };
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined || issue.input === null) return say('form.required');
      const type = TYPE_KEYS[String(issue.expected)];
      return type ? invalid(type) : say('form.invalid', { type: String(issue.expected) });
    }
    case 'too_small':
      if (issue.minimum === 1 || issue.minimum === 1n) return say('form.required');
      if (issue.origin === 'array') return say('form.minItems', minimum);
      if (issue.origin === 'string') return say('form.minLength', minimum);
      return say('form.min', minimum);
    case 'too_big':
      if (issue.origin === 'array') return say('form.maxItems', maximum);
      if (issue.origin === 'string') return say('form.maxLength', maximum);
      return say('form.max', maximum);
    case 'invalid_value':
      return invalid('type.option');
    case 'invalid_format':
      if (issue.format === 'starts_with')
        return say('form.startsWith', { prefix: String(issue.prefix) });
      return invalid('type.format');
    case 'unrecognized_keys': {
      const keys = Array.isArray(issue.keys) ? issue.keys : [];
      return say('form.unknownKeys', { keys: keys.join(translate(locale, 'form.listSeparator')) });
    }
    default:
      return invalid('type.value');
  }
}

/** formMessage for an issue that names its own field by its path: '请输入修订号'. */
export function fieldMessage(
  issue: ValidationIssue & { path?: readonly PropertyKey[] },
  locale: Locale = 'zh_CN',
): string {
  return formMessage(issue, fieldLabel(issue.path ?? []), locale);
}
