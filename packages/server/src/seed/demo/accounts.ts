import { avatarUrl } from './assets.js';
import { pickLocation } from './locations.js';
import {
  OUTLETS,
  PLATFORMS,
  type AccountType,
  type MediaLevel,
  type Platform,
  type PlatformProfile,
} from './platforms.js';
import { Weighted, type Random } from './random.js';

export interface Account {
  /** Numeric user id on its platform. */
  id: number;
  platform: Platform;
  /** The app, forum or site the account posts on. */
  media: string;
  screenName: string;
  followers: number;
  accountType: AccountType;
  level: MediaLevel;
  location: string | undefined;
  description: string;
  vName: string | undefined;
  gender: string | undefined;
  /** The brand a brand's own account (BGC) speaks for. */
  brand: string | undefined;
  /** WeChat official accounts' `__biz`. */
  biz: string | undefined;
  avatar: string;
}

type Named = Pick<Account, 'screenName' | 'accountType' | 'level' | 'brand'> & {
  /** Median; each platform's account differs a little. */
  followers: number;
  platforms: readonly Platform[];
  description: string;
  vName: string;
};

/** Brand and media accounts that every demo has; they post more than anyone else. */
const NAMED: readonly Named[] = [
  ...['星河汽车', '竞品A', '竞品B'].map((brand): Named => ({
    screenName: brand.endsWith('汽车') ? brand : `${brand}汽车`,
    brand,
    followers: 1_500_000,
    accountType: 'BGC',
    level: 'B',
    platforms: ['Weibo', 'WeChat', 'Douyin', 'Red', 'Bilibili', 'Kuaishou', 'APP'],
    description: `${brand}官方账号`,
    vName: `${brand}官方账号`,
  })),
  {
    screenName: '星河汽车客服',
    brand: '星河汽车',
    followers: 180_000,
    accountType: 'BGC',
    level: 'C',
    platforms: ['Weibo'],
    description: '星河汽车用户服务，工作时间 9:00-21:00',
    vName: '星河汽车官方客服账号',
  },
  ...OUTLETS.filter((outlet) => outlet.accountType === 'PGC' && 'AB'.includes(outlet.level)).map(
    (outlet): Named => ({
      screenName: outlet.name,
      brand: undefined,
      followers: outlet.level === 'A' ? 40_000_000 : 5_000_000,
      accountType: 'PGC',
      level: outlet.level,
      platforms: ['Weibo', 'WeChat', 'Douyin', 'APP'],
      description: `${outlet.name}官方账号`,
      vName: `${outlet.name}官方账号`,
    }),
  ),
];

const UGC_PREFIXES = [
  '爱吃',
  '快乐的',
  '追风',
  '深夜',
  '一只',
  '小',
  '老',
  '阿',
  '努力的',
  '佛系',
  '路过的',
  '安静的',
  '爱车的',
  '奔跑的',
  '不吃香菜的',
  '早起的',
  '',
];
const UGC_CORES = [
  '橙子',
  '猫',
  '小王',
  '大鹏',
  '车迷',
  '奶爸',
  '司机',
  '程序员',
  '打工人',
  '旅行者',
  '面包',
  '柚子',
  '飞鱼',
  '星星',
  '芒果',
  '北极熊',
  '胖虎',
  '兔子',
  '阿杰',
  '晓雨',
  '木子',
  '一帆',
  '浩然',
  '子涵',
  '可乐',
  '布丁',
  '老李',
  '小陈',
  '新手司机',
  '准车主',
];
const UGC_SUFFIXES = ['', '', '', '_', '呀', '酱', '2024', '666', '88', '同学', '本人', 'ing'];
const UGC_BIOS = [
  '热爱生活，热爱自驾',
  '新能源车主一枚',
  '准备换车中',
  '记录日常',
  '摄影爱好者',
  '周末自驾游',
  '二胎奶爸',
  '打工人的日常',
  '',
  '',
];
const PGC_HEADS = [
  '老张',
  '阿杰',
  '小李',
  '大鹏',
  '深圳',
  '杭州',
  '成都',
  '新能源',
  '电车',
  '硬核',
];
const PGC_TAILS = ['说车', '车评', '聊车', '汽车频道', '汽车评测', '看车', '玩车', '车圈观察'];
const PGC_BIOS = [
  '专注汽车评测十年',
  '只说真话的车评人',
  '新能源汽车深度测评',
  '汽车行业观察',
  '每日车圈资讯',
];
const PGC_VERIFICATIONS = ['知名汽车博主', '汽车视频自媒体', '汽车领域优质创作者', '资深媒体人'];
const DEALER_BRANDS = ['星河汽车', '竞品A', '竞品B'];
const DEALER_KINDS = ['4S店', '体验中心', '交付中心', '用户中心'];
const CITIES = ['北京', '上海', '广州', '深圳', '杭州', '成都', '武汉', '西安', '南京', '郑州'];

const PROMINENT = 8;

/** Posts favour an account's first entries: u^ACTIVITY_SKEW puts ~12% of posts on the top 1%. */
const ACTIVITY_SKEW = 2.2;

function levelFor(accountType: AccountType, followers: number): MediaLevel {
  if (accountType === 'UGC') return followers >= 100_000 ? 'D' : followers >= 300 ? 'E' : 'O';
  if (accountType === 'BGC') return followers >= 1_000_000 ? 'B' : 'D';
  if (followers >= 1_000_000) return 'B';
  if (followers >= 100_000) return 'C';
  return followers >= 10_000 ? 'D' : 'E';
}

/**
 * Every platform's accounts, named ones first. The pool grows with the number of posts so that a
 * million posts do not come from a few hundred people.
 */
export class AccountPool {
  private readonly byPlatform = new Map<Platform, Account[]>();
  private readonly ordinaryByPlatform = new Map<Platform, Account[]>();
  private readonly names = new Set<string>();
  private nextId = 1_000_000_000;

  constructor(
    private readonly random: Random,
    postCount: number,
  ) {
    const total = Math.min(50_000, Math.max(400, Math.round(postCount / 5)));
    for (const profile of PLATFORMS) {
      const accounts =
        profile.platform === 'Web' ? this.outlets(profile) : this.platformAccounts(profile, total);
      this.byPlatform.set(profile.platform, accounts);
      this.ordinaryByPlatform.set(
        profile.platform,
        accounts.filter((account) => account.accountType === 'UGC' && account.followers < 2_000),
      );
    }
  }

  /** An author for a post, favouring the most active accounts. */
  pick(platform: Platform): Account {
    const accounts = this.accounts(platform);
    // Sites are picked evenly; a skew over two dozen outlets would crown one of them.
    const skew = platform === 'Web' ? 1 : ACTIVITY_SKEW;
    return accounts[Math.floor(accounts.length * this.random.next() ** skew)] as Account;
  }

  /** A small personal account, as paid posters use. */
  pickOrdinary(platform: Platform): Account {
    const ordinary = this.ordinaryByPlatform.get(platform);
    return ordinary?.length ? this.random.pick(ordinary) : this.pick(platform);
  }

  byName(platform: Platform, screenName: string): Account | undefined {
    return this.accounts(platform).find((account) => account.screenName === screenName);
  }

  /** One of the few largest accounts. */
  pickProminent(platform: Platform): Account {
    const largest = [...this.accounts(platform)]
      .sort((a, b) => b.followers - a.followers)
      .slice(0, PROMINENT);
    return this.random.pick(largest);
  }

  private accounts(platform: Platform): Account[] {
    const accounts = this.byPlatform.get(platform);
    if (!accounts?.length) throw new Error(`no accounts for ${platform}`);
    return accounts;
  }

  private outlets(profile: PlatformProfile): Account[] {
    return OUTLETS.map((outlet) => ({
      ...this.blank(profile, outlet.name),
      screenName: outlet.name,
      followers: Math.round(this.random.logNormal(outlet.level === 'A' ? 5e6 : 2e5, 1)),
      accountType: outlet.accountType,
      level: outlet.level,
      brand: outlet.brand,
      description: `${outlet.name}官方网站`,
    }));
  }

  private platformAccounts(profile: PlatformProfile, total: number): Account[] {
    const named = NAMED.filter((named) => named.platforms.includes(profile.platform)).map(
      (named): Account => {
        this.names.add(named.screenName);
        return {
          ...this.blank(profile, this.random.pick(profile.medias)),
          screenName: named.screenName,
          followers: Math.round(this.random.logNormal(named.followers, 0.3)),
          accountType: named.accountType,
          level: named.level,
          brand: named.brand,
          description: named.description,
          vName: named.vName,
        };
      },
    );
    const types = new Weighted(profile.accountTypes);
    const size = Math.max(30, Math.round((total * profile.share) / 100));
    const generated = Array.from({ length: size }, () =>
      this.generated(profile, types.pick(this.random)),
    );
    return [...named, ...generated];
  }

  private generated(profile: PlatformProfile, accountType: AccountType): Account {
    const random = this.random;
    const account = this.blank(profile, random.pick(profile.medias));
    if (accountType === 'UGC') {
      account.followers = Math.min(5e6, Math.floor(random.logNormal(180, 1.9)));
      account.description = random.pick(UGC_BIOS);
      account.gender = random.chance(0.85) ? (random.chance(0.62) ? '男' : '女') : undefined;
      account.vName = random.chance(0.03) ? '个人认证' : undefined;
      account.screenName = this.uniqueName(() =>
        random.chance(0.08)
          ? `用户${random.int(1e9, 1e10)}`
          : `${random.pick(UGC_PREFIXES)}${random.pick(UGC_CORES)}${random.pick(UGC_SUFFIXES)}`,
      );
    } else if (accountType === 'PGC') {
      account.followers = Math.min(3e7, Math.floor(random.logNormal(60_000, 1.5)));
      account.description = random.pick(PGC_BIOS);
      account.gender = random.chance(0.5) ? random.pick(['男', '女']) : undefined;
      account.vName = random.chance(0.7) ? random.pick(PGC_VERIFICATIONS) : undefined;
      account.screenName = this.uniqueName(
        () => `${random.pick(PGC_HEADS)}${random.pick(PGC_TAILS)}`,
      );
    } else {
      account.followers = Math.floor(random.logNormal(3_000, 1));
      const brand = random.pick(DEALER_BRANDS);
      account.brand = brand;
      account.vName = '认证经销商';
      account.screenName = this.uniqueName(
        () => `${brand}${random.pick(CITIES)}${random.pick(DEALER_KINDS)}`,
      );
      account.description = '授权经销商，欢迎到店试驾';
    }
    account.accountType = accountType;
    account.level = levelFor(accountType, account.followers);
    return account;
  }

  private blank(profile: PlatformProfile, media: string): Account {
    const id = this.nextId++;
    return {
      id,
      platform: profile.platform,
      media,
      screenName: '',
      followers: 0,
      accountType: 'UGC',
      level: 'O',
      location: pickLocation(this.random),
      description: '',
      vName: undefined,
      gender: undefined,
      brand: undefined,
      biz:
        profile.platform === 'WeChat'
          ? Buffer.from(String(this.random.int(3e9, 4e9))).toString('base64')
          : undefined,
      avatar: avatarUrl(id),
    };
  }

  /** Generated names are unique, so an author name means one person. */
  private uniqueName(make: () => string): string {
    let name = make();
    while (this.names.has(name)) name = `${make()}${this.random.int(10, 10_000)}`;
    this.names.add(name);
    return name;
  }
}
