import { totalmem } from 'node:os';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_RETENTION_DAYS, type ModelType } from '@yuqing/core';
import { parseSecretKey } from './alerts/delivery/secret-key.js';

/** proxy-addr's names for address ranges, which Fastify's trustProxy accepts beside IPs and CIDRs. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;
const proxyAddress = z.union(
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6(), z.enum(PROXY_RANGE_NAMES)],
  '应为 IP、CIDR 或 loopback、linklocal、uniquelocal',
);

const network = z.union(
  [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()],
  '应为 IP 地址或网段，如 10.0.0.25 或 192.168.10.0/24',
);

/** A comma-separated list, spaces and empty entries dropped. */
const commaList = z.string().transform((list) =>
  list
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  /** Public address of this server, for links sent to others (WeChat redirect); else from Host. */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: comma-separated IPs, CIDRs or
   * proxy-addr's range names. Any other hop could make up an address, so none is trusted unless named.
   */
  TRUSTED_PROXIES: commaList
    .pipe(z.array(proxyAddress).min(1, '应为逗号分隔的 IP 或 CIDR'))
    .optional(),
  WX_APP_ID: z.string().optional(),
  WX_APP_SECRET: z.string().optional(),
  /** Where the WeChat QR page lives (the login frame). */
  WX_QR_BASE_URL: z.string().url().default('https://open.weixin.qq.com'),
  /** Where codes are exchanged for an identity. */
  WX_API_BASE_URL: z.string().url().default('https://api.weixin.qq.com'),
  /** Demo posts generated into the demo project on first start; 0 for none. */
  DEMO_POSTS: z.coerce.number().int().min(0).max(50_000_000).default(100_000),
  /** Bound on the image proxy's disk cache (DATA_DIR/proxy-cache), in MB; 0 for no cache. */
  PROXY_CACHE_MB: z.coerce.number().int().min(0).max(1_000_000).default(200),
  /** Days an export file (a deck, a brief, an offline download) is kept before it is deleted. */
  DOWNLOAD_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(DEFAULT_RETENTION_DAYS),
  /** Memory the posts engine (DuckDB) may use, in MB; beyond it, it works on disk. */
  POSTS_MEMORY_MB: z.coerce.number().int().min(256).optional(),
  /**
   * How many nice steps the server's threads but the event loop's (DuckDB's, workers') run below
   * it, on Linux: the loop gets a core first; 0 for none.
   */
  BACKGROUND_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * The posts engine on ClickHouse instead of the embedded DuckDB: a server's HTTP URL, or with
   * CLICKHOUSE_CLUSTER every node's, comma-separated (reads go to the first).
   */
  CLICKHOUSE_URL: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    )
    .pipe(
      z
        .array(z.url({ protocol: /^https?$/, error: '应为 ClickHouse 的 HTTP 地址' }))
        .min(1, '应为逗号分隔的 HTTP 地址'),
    )
    .optional(),
  /** A cluster of the servers' remote_servers: posts are sharded over it by project. */
  CLICKHOUSE_CLUSTER: z.string().min(1).optional(),
  CLICKHOUSE_USER: z.string().optional(),
  CLICKHOUSE_PASSWORD: z.string().optional(),
  CLICKHOUSE_DATABASE: z.string().min(1).optional(),
  /** An OpenAI-compatible chat API (DashScope, DeepSeek, Ollama, vLLM…) for POST /gpt. */
  LLM_BASE_URL: z
    .url({ protocol: /^https?$/, error: '应为 OpenAI 兼容接口的 HTTP 地址' })
    .optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  /** The model names that the request types gpt3 and gpt4 use. */
  LLM_MODEL_GPT3: z.string().min(1).optional(),
  LLM_MODEL_GPT4: z.string().min(1).optional(),
  /** Seals alert channels' secrets (webhook addresses, signing secrets, SMTP passwords). */
  ALERT_SECRET_KEY: z
    .string()
    .transform((value, context) => {
      const key = parseSecretKey(value);
      if (!key) {
        context.addIssue({
          code: 'custom',
          message: '应为 32 字节的密钥：64 位十六进制，或 base64（openssl rand -base64 32）',
        });
        return z.NEVER;
      }
      return key;
    })
    .optional(),
  /**
   * Networks of the company's own that alert channels may reach (a mail relay, a self-hosted
   * chat server): `10.0.0.25,192.168.10.0/24`. Other non-public addresses stay refused.
   */
  ALERT_ALLOWED_NETWORKS: commaList.pipe(z.array(network)).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** The language model's variables come together: an address, a key and a model name. */
const checkedEnv = env.superRefine((e, context) => {
  const models = e.LLM_MODEL_GPT3 || e.LLM_MODEL_GPT4;
  const need = (variable: string, message: string) =>
    context.addIssue({ code: 'custom', path: [variable], message });
  if (!e.LLM_BASE_URL && (e.LLM_API_KEY || models)) {
    need('LLM_BASE_URL', '设置了语言模型的密钥或模型名，还需设置接口地址');
  }
  if (e.LLM_BASE_URL && !e.LLM_API_KEY) {
    need('LLM_API_KEY', '设置了 LLM_BASE_URL 还需设置密钥（Ollama、vLLM 可填任意值）');
  }
  if (e.LLM_BASE_URL && !models) {
    need('LLM_MODEL_GPT3', '设置了 LLM_BASE_URL 还需设置 LLM_MODEL_GPT3 或 LLM_MODEL_GPT4');
  }
});

export interface ClickHouseConfig {
  urls: string[];
  cluster?: string;
  user?: string;
  password?: string;
  database?: string;
}

/** The chat model API of POST /gpt; a request type without a model name is not offered. */
export interface LlmConfig {
  baseUrl: string;
  apiKey: string;
  models: Partial<Record<ModelType, string>>;
}

export interface WxConfig {
  appId: string;
  appSecret: string;
  qrBaseUrl: string;
  apiBaseUrl: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  publicUrl?: string;
  /** Proxies whose X-Forwarded-* headers are believed; absent, none are. */
  trustedProxies?: string[];
  /** WeChat login is offered only when an app id and secret are configured. */
  wx?: WxConfig;
  demoPosts: number;
  logLevel: string;
  /** Bound on the image proxy's disk cache in MB (0: none); absent, the proxy's default. */
  proxyCacheMb?: number;
  downloadRetentionDays?: number;
  /** Memory the posts engine may use, in MB. */
  postsMemoryMb: number;
  /** How many nice steps the server's threads run below its event loop; 0 for none. */
  backgroundNice: number;
  /** The posts engine on ClickHouse; absent, the embedded DuckDB. */
  clickhouse?: ClickHouseConfig;
  /** The language model of POST /gpt; absent, the route says which variables to set. */
  llm?: LlmConfig;
  /** Key sealing alert channels' secrets; absent, channels cannot be saved. */
  alertSecretKey?: Buffer;
  /** Non-public networks alert channels may reach besides public addresses. */
  alertAllowedNetworks?: string[];
  /** Customers' logos and theme files, served under /themes/; absent in API-only tests. */
  themesDir?: string;
  /** Secret of the local import command, kept in the data folder; see cli/import.ts. */
  cliToken?: string;
  /** Built web app to serve; absent in API-only tests. */
  webDist?: string;
}

/** Reads the configuration from the environment, naming the variable that is wrong. */
export function readConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnv.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`环境变量有误 (invalid environment): ${problems.join('; ')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    themesDir: resolve(e.DATA_DIR, 'themes'),
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    publicUrl: e.PUBLIC_URL,
    trustedProxies: e.TRUSTED_PROXIES,
    wx:
      e.WX_APP_ID && e.WX_APP_SECRET
        ? {
            appId: e.WX_APP_ID,
            appSecret: e.WX_APP_SECRET,
            qrBaseUrl: e.WX_QR_BASE_URL,
            apiBaseUrl: e.WX_API_BASE_URL,
          }
        : undefined,
    demoPosts: e.DEMO_POSTS,
    logLevel: e.LOG_LEVEL,
    proxyCacheMb: e.PROXY_CACHE_MB,
    downloadRetentionDays: e.DOWNLOAD_RETENTION_DAYS,
    // DuckDB's own default, 80% of the memory, leaves too little for this process's other
    // threads: a large import's staged rows filled it.
    postsMemoryMb: e.POSTS_MEMORY_MB ?? Math.floor(totalmem() / 2 ** 20 / 2),
    backgroundNice: e.BACKGROUND_NICE,
    clickhouse: e.CLICKHOUSE_URL && {
      urls: e.CLICKHOUSE_URL,
      cluster: e.CLICKHOUSE_CLUSTER,
      user: e.CLICKHOUSE_USER,
      password: e.CLICKHOUSE_PASSWORD,
      database: e.CLICKHOUSE_DATABASE,
    },
    alertSecretKey: e.ALERT_SECRET_KEY,
    alertAllowedNetworks: e.ALERT_ALLOWED_NETWORKS,
    llm:
      e.LLM_BASE_URL && e.LLM_API_KEY
        ? {
            baseUrl: e.LLM_BASE_URL,
            apiKey: e.LLM_API_KEY,
            models: { gpt3: e.LLM_MODEL_GPT3, gpt4: e.LLM_MODEL_GPT4 },
          }
        : undefined,
  };
}
