/**
 * The sentiment model's word lists, written for this project (no third-party lexicon): Weibo
 * emoticons, emoji, sentiment words, negations and degree words. The model does not score a text
 * by these lists directly; it counts what it finds in each group (a negated positive word, a
 * strong negative emoticon…) and learns from the labelled posts how much each group weighs, so a
 * word or emoticon that the training posts never contained still counts as its group does.
 */

/** Polarity groups of the lists: 2 strong, 1 mild; the sign is the direction. */
export type Polarity = -2 | -1 | 1 | 2;

const words = (polarity: Polarity, list: string): [string, Polarity][] =>
  list
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => [word.toLowerCase(), polarity]);

/**
 * Weibo's bracketed emoticons by name (`[怒]` is `怒`), in their simplified and traditional names.
 * Names that carry no tone of their own ([围观], [话筒], [思考], [doge]) are left out: each
 * still is a feature of its own, weighed by what the training posts say.
 */
export const WEIBO_EMOTICONS = new Map<string, Polarity>([
  ...words(
    2,
    '哈哈 笑哈哈 大笑 嘻嘻 爱你 愛你 太开心 太開心 鼓掌 赞 贊 赞啊 good 心 好爱哦 爱心 ' +
      '亲亲 親親 花心 给力 給力 威武 耶 鲜花 鮮花 礼物 蛋糕 感谢 笑cry 加油 666 奥克耶 哇',
  ),
  ...words(
    1,
    '偷笑 偷乐 可爱 可愛 酷 害羞 馋嘴 月亮 太阳 太陽 微笑 呵呵 兔子 ok 好喜欢 喜 ' +
      '送花花 棒棒糖 星星 握手 赞同 得意地笑 打call 求关注 抱抱 憧憬 飞吻 互粉 作揖 拳头 胜利 ' +
      '干杯 音乐 喵喵 锦鲤 中国赞 机智 顶 来 噢耶 转发 咖啡 太阳花 嘿哈 彩虹',
  ),
  ...words(
    -1,
    '汗 晕 暈 困 睡 睡觉 打哈气 打哈欠 哈欠 黑线 吃惊 疑问 嘘 闭嘴 挖鼻屎 挖鼻 懒得理你 ' +
      '白眼 酸 费解 允悲 捂脸 傻眼 感冒 上火 弱 不要 NO 失望 委屈 可怜 可憐 哼 左哼哼 ' +
      '右哼哼 阴险 陰險 钱 拜拜 再见 惊恐 吐 衰 囧 打脸 打臉 裂开 跪了 苦涩 并不简单 ' +
      '费解 生病 病 蜡烛 蠟燭 伤心 傷心 悲伤 悲傷 草泥马',
  ),
  ...words(
    -2,
    '泪 淚 大哭 怒 怒骂 怒罵 抓狂 鄙视 鄙視 崩溃 愤怒 悲催 泪流满面 呕吐 生气 吐血 ' + 'sb',
  ),
]);

/**
 * Emoji by code point (variation selectors and skin tones are ignored). Tears of joy (😂) is
 * left to the data: on Weibo it is as often mocking as happy.
 */
export const EMOJI = new Map<number, Polarity>(
  [
    ...[...'😀😁😃😄😆😊😍🥰😘😻👍👏🎉🎊❤💕💖💗💓💞💘💝😋😎🤗🥳💯🌹🌸✨🙌💪🏆☺😉😚😙🤩😇🌞🎁'].map(
      (emoji) => [emoji, 2] as const,
    ),
    ...[...'🙂😌🙏👌✌🤝💐⭐🌟🍻🥂🎈😺'].map((emoji) => [emoji, 1] as const),
    ...[...'😕😟🙁☹😮😯😲😳😬🤔🙄😪😴😥😓😰🤒🤕😷🤢😵🥺😑😐😶'].map(
      (emoji) => [emoji, -1] as const,
    ),
    ...[...'😢😭😡😠🤬😞😔😩😫😤💔👎😱😨😖😣🤮💩😒🖕😿😾🙅'].map((emoji) => [emoji, -2] as const),
  ].map(([emoji, polarity]) => [emoji.codePointAt(0)!, polarity as Polarity]),
);

/**
 * Sentiment words. Single characters are listed only where they are words on their own in posts
 * (赞, 烂); others (好, 爱) are left to the character n-grams, which see their neighbours.
 */
export const SENTIMENT_WORDS = new Map<string, Polarity>([
  ...words(
    2,
    '完美 精彩 优秀 出色 极好 最好 超赞 好评 五星 满分 点赞 推荐 强烈推荐 喜欢 喜爱 热爱 ' +
      '最爱 爱了 满意 惊喜 感动 幸福 开心 快乐 高兴 激动 兴奋 感谢 谢谢 感恩 恭喜 祝福 ' +
      '加油 厉害 牛逼 给力 漂亮 美丽 好看 好吃 好用 好听 好玩 美味 超值 物美价廉 值得 靠谱 ' +
      '放心 良心 佩服 骄傲 自豪 棒 太棒 很棒 真棒 赞 不错 挺好 很好 真好 太好 好棒 优质 ' +
      '舒服 舒适 完胜 神作 经典 温暖 暖心 贴心 周到 热情 耐心 细心 用心 愉快 享受 欣慰 ' +
      '期待 支持 力挺 威武 帅 可爱 正品 实惠 划算 干净 整洁 新鲜 流畅 清晰 方便 快捷 ' +
      '及时 迅速 专业 到位 nice great perfect love like awesome excellent',
  ),
  ...words(
    1,
    '还行 还可以 顺利 健康 平安 便宜 清新 舒心 温馨 浪漫 有趣 ' +
      '幽默 好笑 哈哈 嘻嘻 呵呵 笑 甜 赞同 同意 认可 欢迎 希望 祝 棒棒 赞赞 ' +
      '机智 聪明 善良 勇敢 坚强 励志 正能量 努力 认真 负责 给力 优惠 大方 丰富 好客 ok good',
  ),
  ...words(
    -1,
    '一般 一般般 慢 旧 吵 脏 乱 挤 咸 困 疼 痛 病 晕 烦 怕 ' +
      '担心 担忧 焦虑 紧张 害怕 着急 遗憾 可惜 无奈 郁闷 纠结 难过 难受 伤心 心疼 委屈 ' +
      '孤独 寂寞 迷茫 无聊 辛苦 压力 问题 毛病 故障 投诉 退货 退款 换货 不满 抱怨 吐槽 ' +
      '质疑 怀疑 失误 错误 延误 超时 拖延 敷衍 冷漠 麻烦 不便 不值 后悔 不如 失败 ' +
      '感冒 发烧 生病 太慢 太贵 ' +
      '差评 没用 坑 贵了 少了 bad',
  ),
  ...words(
    -2,
    '垃圾 烂 太差 很差 极差 差劲 失望 恶心 讨厌 厌恶 愤怒 气愤 生气 气死 火大 恼火 ' +
      '崩溃 绝望 痛苦 痛心 悲伤 悲剧 悲催 惨 凄惨 可怕 恐怖 可恶 可耻 无耻 卑鄙 虚伪 ' +
      '恶劣 傲慢 粗鲁 无能 废物 骗子 欺骗 骗人 忽悠 坑爹 坑人 假货 山寨 劣质 难吃 难用 ' +
      '难看 难听 无语 糟糕 糟透 倒霉 该死 去死 恨 傻逼 傻b sb 妈的 他妈 尼玛 卧槽 ' +
      '蠢 白痴 脑残 混蛋 王八蛋 贱 人渣 畜生 禽兽 黑心 缺德 丢人 丢脸 耻辱 欺负 ' +
      '霸凌 腐败 贪污 造谣 诈骗 谴责 强烈谴责 不要脸 ' +
      '再也不 千万别 别买 不推荐 上当 受骗 有毒 噩梦 哭 泪 心寒 寒心 ' +
      '心碎 心痛 恐慌 愤慨 鄙视 嫌弃 气人 糟心 闹心 坑死 呵呵哒 shit fuck',
  ),
]);

/** Words that flip the sentiment word after them in the same clause (不好, 没有想象中好). */
export const NEGATIONS = words(
  1,
  '不 没 没有 无 非 别 未 莫 勿 甭 不是 不会 不能 不太 不够 不怎么 毫无 从不 从没 ' +
    '并非 并不 绝不 决不 难以 谈不上 算不上 称不上 不再',
).map(([word]) => word);

/** Words that strengthen (很好, 太差) or soften (有点差) the sentiment word after them. */
export const DEGREE_WORDS = new Map<string, 2 | 0.5>([
  ...words(
    2,
    '很 非常 太 特别 超 超级 极 极其 极度 十分 最 真 真的 好 挺 蛮 相当 巨 贼 更 越来越 ' +
      '格外 异常 实在 尤其 绝对 完全 简直 多么 这么 那么 如此 过于 太过 好好',
  ).map(([word]) => [word, 2] as const),
  ...words(1, '有点 有些 有一点 稍 稍微 略 略微 比较 还算 一点').map(
    ([word]) => [word, 0.5] as const,
  ),
]);

/** What a post says before a repost chain when its author added nothing of their own. */
export const EMPTY_REPOST = /^(?:转发微博|轉發微博|repost|转发|轉發)?$/i;
