/** Business constants of the product specification (section 9). */

export const API_BASE = '/api/v1';

export const TIMEOUT_MS = {
  api: 30_000,
  download: 180_000,
  gpt: 90_000,
} as const;

export const MESSAGE_DEBOUNCE_MS = 500;

export const SESSION_DAYS = 30;
export const SESSION_MAX_AGE_S = SESSION_DAYS * 24 * 60 * 60;
export const SESSION_COOKIE = 'token';

/** A login timestamp further than this from the server's clock is refused. */
export const LOGIN_CLOCK_SKEW_MS = 5 * 60 * 1000;
/** Failed sign-ins tolerated per user and per address inside the window. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * The most characters of a text (and of a body) the tagging tool tags in one call (tags_new, kg2):
 * a long article's worth. A text ten times longer held the server's thread for seconds.
 */
export const TAG_TEXT_MAX_CHARS = 20_000;

export const DEFAULT_PRIMARY_COLOR = '#3673F1';
export const DEFAULT_NAV_TEXT_COLOR = '#333';
export const DEFAULT_TIMEZONE = 'Asia/Shanghai';

export const SENTIMENTS = ['正面', '中性', '负面'] as const;
export const MEDIA_LEVELS = ['A', 'B', 'C', 'D', 'E', 'O'] as const;
export const ACCOUNT_TYPES = ['UGC', 'BGC', 'PGC'] as const;
export const MEDIA_PLATFORMS = [
  'Weibo',
  'APP',
  'Web',
  'WeChat',
  'BBS',
  'Red',
  'Bilibili',
  'Kuaishou',
  'Douyin',
  'QA',
  'Dewu',
] as const;
export type MediaPlatform = (typeof MEDIA_PLATFORMS)[number];

export const LOGIN_TYPES = ['wx', 'pw'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

export const ROLES = ['viewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Province-level regions by the short names of the ECharts China map. */
export const PROVINCES = [
  '北京',
  '天津',
  '河北',
  '山西',
  '内蒙古',
  '辽宁',
  '吉林',
  '黑龙江',
  '上海',
  '江苏',
  '浙江',
  '安徽',
  '福建',
  '江西',
  '山东',
  '河南',
  '湖北',
  '湖南',
  '广东',
  '广西',
  '海南',
  '重庆',
  '四川',
  '贵州',
  '云南',
  '西藏',
  '陕西',
  '甘肃',
  '青海',
  '宁夏',
  '新疆',
  '台湾',
  '香港',
  '澳门',
] as const;

export type Province = (typeof PROVINCES)[number];

/** Storage quotas of a quota kind: how many, and how many bytes in all. */
export interface StorageQuota {
  count: number;
  bytes: number;
}

const MB = 1024 * 1024;

/**
 * Report images a member may keep in a project (`perUser`, counting what they uploaded), and the
 * project in all. An upload past either is refused, naming the limit.
 */
export const REPORT_IMAGE_QUOTA: { perUser: StorageQuota; perProject: StorageQuota } = {
  perUser: { count: 50, bytes: 20 * MB },
  perProject: { count: 500, bytes: 200 * MB },
};

/** Saved report themes a member may keep in a project, and the project in all. */
export const REPORT_THEME_QUOTA: { perUser: StorageQuota; perProject: StorageQuota } = {
  perUser: { count: 20, bytes: 64 * 1024 },
  perProject: { count: 200, bytes: 512 * 1024 },
};
