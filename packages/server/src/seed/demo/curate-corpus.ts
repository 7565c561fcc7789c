/**
 * Rebuilds `corpus/` from the shared data folder (not shipped to users):
 *
 *   npx tsx packages/server/src/seed/demo/curate-corpus.ts /work/shared/data
 *
 * The review texts are about books, hotels and laptops; the demo needs opinions that read as if
 * they were about cars, so it keeps short clauses with a clear polarity and no domain words.
 * Trending titles about deaths, crimes, politics or war are left out of a car brand's demo.
 */
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TITLES_PER_DAY = 120;

const DOMAIN_WORDS = new RegExp(
  [
    '[A-Za-z0-9０-９Ａ-Ｚａ-ｚ]',
    ...'书 作者 读 看完 小说 故事 文字 内容 翻译 印刷 纸 页 章 出版 作品 主人公 情节 人物 描写 文章 语言 插图 图片 画 拍 照 写 诗 册 单词 英语 学习 知识 理论 道理 教育 历史 政治 人生 生活 心灵 感动 感悟 哲理 思考 启发 方法 技巧 心理'.split(
      ' ',
    ),
    ...'酒店 房 宾馆 入住 住 前台 早餐 床 卫生 浴 服务员 大堂 携程 楼 餐 饭 菜 吃 喝 味 闻 机场 车站 交通 景 海 游泳 旅 客人 服务生 经理 宿 订 预 押金 窗 门 电梯 停车 晚上 酒 城 街 地方 位置 环境 洗 毛巾 空调 热 冷 温度 水压 水温'.split(
      ' ',
    ),
    ...'电脑 笔记本 本本 本子 内存 硬盘 屏 键盘 鼠标 驱动 光驱 显卡 风扇 网卡 指纹 摄像头 游戏 网页 光盘 刻录 打印 装 换 恢复 机器 机子 分区 软件 电源 适配器 声卡 芯片 主板 接口 散热 发热 网 遥控 电视 触控 触摸 外壳 硬件 设施 设备 操作 连接线 关机'.split(
      ' ',
    ),
    ...'联想 东芝 惠普 华硕 神舟 苹果 戴尔 索尼 三星 红旗 当当 卓越 京东 亚马逊 商城 卖家 发货 送货 快递 货 包 送的 赠 价位 元 块钱 店'.split(
      ' ',
    ),
    ...'宝宝 孩 娃 儿子 女儿 妈 爸 老公 老婆 老师 学生 同学 同事 朋友 大家 网友 楼主 女 男 国 日本 美国 学校 工作 家庭 地铁 客户 会议 整改 意识 理解 运气 手工 这一段 喜欢它 差评 好评 评价 网上 民族 复兴 思想 社会 文笔 文学 时事 病 狐狸 儿童 先生 太太 小姐 视频 播放 键 看 收藏 招待所 总台 水管 星 吸引'.split(
      ' ',
    ),
  ].join('|'),
);
const POSITIVE_CUES =
  '不错 满意 喜欢 推荐 值得 舒服 舒适 漂亮 好看 方便 实惠 划算 超值 很好 非常好 挺好 完美 惊喜 赞 给力 流畅 精致 大气 周到 贴心 放心 省心 开心 惊艳 结实 稳定 安静 好用 满分 强 出色 优秀 棒'.split(
    ' ',
  );
const NEGATIVE_CUES =
  '失望 后悔 差 垃圾 糟糕 麻烦 不好 坑 郁闷 无语 气愤 恶心 太慢 不满 投诉 别买 上当 有问题 出问题 质量问题 故障 毛病 退 烂 难受 吵 噪音 不值 不推荐 忽悠 骗 生气 太贵 坏 慢 晕 无法 不行 不能用 不能接受 一般 失败 遗憾 可惜 受不了 折腾 头疼 崩溃 悲剧 不爽 恼火 太次 闹心 窝火 不靠谱 缩水 虚标'.split(
    ' ',
  );
/** A clause that opens with a conjunction or a pronoun leans on its neighbours. */
const DEPENDENT_OPENING =
  /^(但|可|不过|然后|因为|所以|而且|并且|还是我|问|如果|虽然|只是|就是|也|又|才|而|让|被|把|对|跟|和|与|在|从|当|我们|他们|别人)/;
const NEGATOR = /不|没|别|无|未|非/;
/** "没有问题" or "不会太吵" is not a complaint. */
const NEGATED_COMPLAINT = /(没|不|无|未|希望).{0,8}(问题|失望|吵|差|麻烦|后悔|一般|遗憾)/;

const TITLE_BLOCKLIST = new RegExp(
  '去世 离世 逝世 身亡 遇难 死 杀 害 尸 坠 溺 自杀 性侵 猥亵 强奸 家暴 殴打 打人 毒 赌 黄 色情 嫖 枪 爆炸 战 军 弹 核 政 党 习近平 总书记 主席 总理 部长 外交 大使 台湾 台独 特朗普 拜登 普京 以色列 巴勒斯坦 加沙 伊朗 俄 乌克兰 美国 日本 朝鲜 失联 事故 通报 警 判 刑 案 罪 拘 捕 病 癌 患者 灾 伤 亡 血 哭 骂 霸凌 虐 维权 婚 出轨 离 丑闻 涉 中方 欧盟 反制 制裁 巡视 领土 主权 抗议 手术 召回 同志 诞辰 纪念 起诉 告 索赔 贫困 印度'
    .split(' ')
    .join('|'),
);

const has = (text: string, words: readonly string[]) => words.some((word) => text.includes(word));

function clauses(line: string): string[] {
  return line
    .split(/[，。！？；,.!?;\s~～…、：:（）()“”"《》【】[\]]+/)
    .filter((clause) => clause.length >= 4 && clause.length <= 20)
    .filter((clause) => !DOMAIN_WORDS.test(clause) && !DEPENDENT_OPENING.test(clause));
}

const isPositive = (clause: string) =>
  has(clause, POSITIVE_CUES) &&
  !has(clause, NEGATIVE_CUES) &&
  !NEGATOR.test(clause.replace(/不错|非常/g, ''));

const isNegative = (clause: string) =>
  has(clause, NEGATIVE_CUES) &&
  !NEGATED_COMPLAINT.test(clause) &&
  !has(clause.replace(new RegExp(`(不|没)(${POSITIVE_CUES.join('|')})`, 'g'), ''), POSITIVE_CUES);

function curateClauses(file: string, keep: (clause: string) => boolean): string[] {
  const kept = new Set<string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    for (const clause of clauses(line.trim())) if (keep(clause)) kept.add(clause);
  }
  return [...kept];
}

function curateTitles(folder: string): Record<string, string[]> {
  const days: Record<string, string[]> = {};
  for (const name of readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()) {
    const entries = JSON.parse(readFileSync(join(folder, name), 'utf8')) as { title: string }[];
    const titles = new Set(
      entries.map((entry) => entry.title.trim()).filter((title) => !TITLE_BLOCKLIST.test(title)),
    );
    days[name.replace(/\.json$/, '')] = [...titles]
      .filter((title) => title && !title.includes('\t'))
      .slice(0, TITLES_PER_DAY);
  }
  return days;
}

function main(dataFolder: string) {
  const corpus = new URL('./corpus/', import.meta.url).pathname;
  const sentimentOut = join(corpus, 'sentiment');
  const trendingOut = join(corpus, 'weibo-hot-search');
  mkdirSync(sentimentOut, { recursive: true });
  mkdirSync(trendingOut, { recursive: true });

  const sentimentIn = join(dataFolder, 'sentiment');
  const positive = curateClauses(join(sentimentIn, 'pos.txt'), isPositive);
  const negative = curateClauses(join(sentimentIn, 'neg.txt'), isNegative);
  writeFileSync(join(sentimentOut, 'positive.txt'), `${positive.join('\n')}\n`);
  writeFileSync(join(sentimentOut, 'negative.txt'), `${negative.join('\n')}\n`);
  copyFileSync(join(sentimentIn, 'LICENSE.md'), join(sentimentOut, 'LICENSE.md'));

  const trendingIn = join(dataFolder, 'weibo-hot-search');
  const titles = curateTitles(trendingIn);
  const lines = Object.entries(titles).flatMap(([day, list]) =>
    list.map((title) => `${day}\t${title}`),
  );
  writeFileSync(join(trendingOut, 'titles.tsv'), `${lines.join('\n')}\n`);
  copyFileSync(join(trendingIn, 'LICENSE'), join(trendingOut, 'LICENSE'));

  const titleCount = Object.values(titles).reduce((sum, day) => sum + day.length, 0);
  process.stdout.write(
    `positive ${positive.length}, negative ${negative.length}, titles ${titleCount}\n`,
  );
}

const [dataFolder] = process.argv.slice(2);
if (!dataFolder) throw new Error('usage: curate-corpus.ts <shared data folder>');
main(dataFolder);
