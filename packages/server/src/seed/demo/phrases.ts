/**
 * Sentence templates. Placeholders: {b} brand model, {p} its brand, {t} topic, {c} a second model,
 * {u} a second topic, {y} price in 10k yuan, {r} range in km, {k} charging power in kW, {n} a count,
 * and real review clauses: {q} one of the post's tone, {g} a positive one, {w} a negative one.
 * A template names a brand or topic only through placeholders, so that the words a post contains
 * are exactly the brands and topics it is tagged with.
 */
import type { BurstKind } from './calendar.js';

export type Tone = 'positive' | 'neutral' | 'negative';
export type ByTone = Record<Tone, readonly string[]>;

/** The subject an opinion is about, by topic. */
export const SUBJECTS: Record<string, readonly string[]> = {
  续航: ['{b}的{t}', '跑了一趟长途，{b}的{t}', '冬天开{b}，{t}', '{b}高速{t}实测'],
  智能座舱: ['{b}的{t}', '{b}{t}的语音助手', '用了一个月{b}的{t}'],
  外观设计: ['{b}的{t}', '{b}{t}这块', '{b}新配色的{t}'],
  维修: ['{b}送去{t}', '{b}在4S店{t}', '{b}这次{t}'],
  充电: ['{b}的{t}速度', '{b}用超充{t}', '{b}在家{t}'],
  新品发布: ['刚看完{b}{t}会', '{b}的{t}', '{b}{t}会'],
  车展: ['{t}上的{b}', '{t}现场看了{b}', '{b}在{t}'],
};
export const GENERIC_SUBJECTS = ['{b}的{t}', '说说{b}的{t}'];

/** Factual sentences without an opinion, by topic. */
export const FACTS: Record<string, readonly string[]> = {
  续航: [
    '{b}官方公布的{t}为{r}公里，实际表现还要看路况',
    '{b}{t}测试结果出炉，高速工况约{r}公里',
    '{b}的{t}冬季衰减大约两成',
  ],
  智能座舱: ['{b}{t}本月推送新版本', '{b}的{t}支持语音连续对话', '{b}{t}新增导航和音乐联动'],
  外观设计: ['{b}{t}官图发布', '{b}{t}提供多种配色', '{b}的{t}延续家族风格'],
  维修: ['{b}{t}保养周期为一年或一万公里', '{b}的{t}网点覆盖大部分城市', '{b}{t}可以在线预约'],
  充电: ['{b}支持{k}kW快速{t}', '{b}{t}桩安装流程分享', '{b}{t}从百分之三十到八十大约需要二十分钟'],
  新品发布: ['{b}{t}会定于本周举行', '{b}{t}，售价{y}万元起', '{p}官宣{b}{t}时间'],
  车展: ['{b}亮相{t}', '{t}首日，{p}展台发布{b}', '{t}上{b}展台人气很高'],
};
export const GENERIC_FACTS = ['{b}{t}相关消息汇总', '{b}的{t}最近讨论很多'];

/** During the recall the talk is about the recall itself, and even its facts are bad news. */
export const RECALL_FACTS = [
  '{p}宣布召回部分{b}，因电池存在安全隐患，车主需到4S店{t}',
  '{b}召回公告：涉及{n}辆，存在故障风险，售后将免费{t}',
  '{b}召回进展：不少车主反映售后{t}排队严重',
];
export const RECALL_SUBJECTS = ['{b}召回之后去4S店{t}', '{b}召回，售后{t}', '这次{b}召回，售后{t}'];

/** How a neutral post goes on after its fact: both sides of the argument. */
export const NEUTRAL_TAILS = [
  '。有人说{g}，也有人说{w}。',
  '。优点是{g}，缺点是{w}。',
  '。评论区两种声音：{g}；{w}。',
  '，看了一圈评价，{g}，但也有人说{w}。',
  '。身边车主的说法：{g}，不过{w}。',
];

export const OPINION_JOINERS = ['，', '：', '，说实话', '，个人感觉', '，总体来说'];

export const SECOND_BRAND: ByTone = {
  positive: ['对比过{c}，还是选了{b}', '比{c}更合心意'],
  neutral: ['同级别还有{c}可以对比', '也在看{c}'],
  negative: ['还不如{c}', '早知道买{c}了'],
};
export const SECOND_TOPIC_OPENERS = ['另外{u}方面，', '顺便说下{u}，', '{u}的话，'];

export const EMOJIS: ByTone = {
  positive: ['[赞]', '[good]', '[哈哈]', '👍', '😊'],
  neutral: ['', '[思考]'],
  negative: ['[怒]', '[失望]', '[吐]', '😤'],
};

export const BURST_HASHTAGS: Record<BurstKind, string> = {
  launch: '{b}上市',
  motorShow: '{t}',
  rivalLaunch: '{b}上市',
  recall: '{b}召回',
};

export const RETWEET_COMMENTS: ByTone = {
  positive: ['转发微博', '支持！', '[赞][赞]', '说得好', '同感', '期待', '必须支持一下'],
  neutral: ['转发微博', '关注一下', '蹲一个后续', 'mark', '了解一下'],
  negative: ['转发微博', '希望厂家给个说法', '太离谱了', '同遭遇', '这也太坑了', '[怒]'],
};

export const TITLES = {
  forum: ['{b}{t}求助', '【提车作业】{b}{t}真实感受', '聊聊{b}的{t}', '{b}车主来说说{t}'],
  qa: ['{b}的{t}怎么样？', '{b}{t}值得买吗？', '买{b}要不要看重{t}？'],
  video: ['【{b}】{t}深度体验', '{b}{t}实测，看完再决定', '一期视频讲清楚{b}的{t}'],
  note: ['{b}提车一个月｜{t}真实感受', '{b}{t}分享', '关于{b}的{t}，说点真心话'],
} as const;

export const HEADLINES: ByTone = {
  positive: ['{b}{t}获车主好评', '口碑向好：{b}{t}表现亮眼', '{b}{t}实测：超出预期'],
  neutral: ['{b}{t}观察', '聚焦{t}：{b}表现如何', '{p}旗下{b}{t}最新进展'],
  negative: ['{b}{t}遭车主吐槽', '{b}{t}问题引发关注', '车主反映{b}{t}体验不佳'],
};
export const BURST_HEADLINES: Record<BurstKind, readonly string[]> = {
  launch: ['{b}正式上市，售价{y}万元起', '{p}举行{b}{t}会'],
  motorShow: ['{t}探馆：{b}亮相', '{t}直击：{p}展台人气旺'],
  rivalLaunch: ['{b}正式上市，售价{y}万元起', '{p}举行{b}{t}会'],
  recall: ['{p}宣布召回部分{b}，涉及{n}辆', '{b}召回背后：售后{t}压力几何'],
};

export const LEAD_OPENERS = ['近日，', '记者获悉，', '据报道，', ''];
export const REVIEW_QUOTES: ByTone = {
  positive: ['有车主在社交平台上表示：“{q}，{q}”。', '一位车主告诉记者：“{q}”，“{q}”。'],
  neutral: ['车主评价不一，有人表示“{g}”，也有人认为“{w}”。', '一位车主说：“{g}，不过{w}”。'],
  negative: ['有车主在社交平台上表示：“{q}，{q}”。', '一位车主告诉记者：“{q}”，“{q}”。'],
};
export const ARTICLE_PARAGRAPHS = [
  '据了解，{b}官方指导价为{y}万元起，提供多种车身配色，首批车辆将陆续交付。',
  '从市场表现看，{b}近几个月累计销量超过{n}辆，在同价位车型中排名靠前。',
  '业内人士分析认为，新能源汽车市场竞争日趋激烈，产品力与服务体系同样重要，单靠降价难以长期维持热度。',
  '记者从{p}方面获悉，相关团队正在收集用户反馈，后续将通过线上升级持续改进。',
  '对于{t}相关问题，{p}客服回应称，将持续优化用户体验，车主可通过官方渠道反映情况。',
  '有分析师指出，价格战之下，消费者越来越看重用车成本和品牌口碑，售后网络的覆盖密度成为新的竞争点。',
  '多位受访车主表示，日常通勤之外，周末自驾也是购车的重要考量，家人乘坐是否舒适同样关键。',
  '记者在一家门店看到，前来咨询{b}的消费者络绎不绝，销售人员表示本月到店量较上月明显增加。',
  '公开资料显示，{p}今年以来已在全国新增{n}个服务网点，覆盖更多三四线城市。',
  '在社交平台上，关于{b}的讨论热度持续走高，相关话题阅读量已超过{n}万次。',
  '一位汽车行业研究员告诉记者，{t}已成为消费者选车时最关注的因素之一，厂商之间的差距正在缩小。',
  '{b}车主群里，有人晒出了最近一次长途出行的数据：全程约{r}公里，途中补能一次。',
];
export const ARTICLE_QUOTES = [
  '车主评价方面，有人认为“{g}”，也有人表示“{w}”。',
  '在一家汽车论坛上，有车主留言：“{q}。”',
  '一位车主告诉记者：“{q}，{q}。”',
];
export const ARTICLE_CLOSINGS = [
  '本报将持续关注。',
  '后续进展，我们将持续跟进。',
  '（本文仅代表作者观点）',
];

/** Texts paid posters copy with small changes. */
export const CAMPAIGNS: ByTone = {
  positive: [
    '强烈推荐{b}！{t}真的没话说，{g}，{g}，闭眼入不亏！',
    '{b}的{t}太香了，{g}，{g}，身边朋友都说好，冲就完事了！',
  ],
  neutral: [],
  negative: [
    '千万别买{b}，{t}太坑了，{w}，{w}，大家擦亮眼睛！',
    '{b}{t}问题这么多，{w}，{w}，劝大家三思！',
  ],
};
/** Small edits that keep a copy near its original. */
export const CAMPAIGN_SUFFIXES = ['', '！', '!!', '[赞]', '👍', ' 冲', '～', '。。', '[doge]'];
export const CAMPAIGN_FILLERS = ['真的', '确实', '说真的', '亲测', ''];
