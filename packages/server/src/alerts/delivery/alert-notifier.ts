import type { Alert, AlertPost, AlertRule, ParsedAlertMessage } from '@yuqing/core';
import { alertMessage, platformName } from '@yuqing/core';
import type { Config } from '../../config.js';
import type { Store } from '../../store/index.js';
import type { AlertNotifier } from '../notify.js';

type Medias = readonly { name: string; code: string }[];

const messagePost = (post: AlertPost, medias: Medias) => ({
  // Channels show 80 characters of a title.
  title: post.title.slice(0, 200),
  url: post.uri,
  platform: platformName(post.media_platform, medias),
  engagement: post.engagement_num,
});

/**
 * What the channels tell of an alert, in the project's zone, platforms by the names the web shows
 * (the project's, else the product's), its link made absolute.
 */
export function alertMessageOf(
  alert: Alert,
  rule: AlertRule,
  context: { baseUrl: string; timeZone: string; medias: Medias },
): ParsedAlertMessage {
  const { measure } = alert;
  const { medias } = context;
  return alertMessage.parse({
    ruleName: alert.rule_name,
    level: alert.level,
    raisedAt: alert.raised_at,
    timeZone: context.timeZone,
    updated: alert.updates > 0,
    window: { from: measure.window_start, to: measure.window_end },
    numbers: {
      measure: rule.condition.kind === 'negative_share' ? 'share' : 'count',
      current: measure.value,
      baseline: measure.baseline?.median ?? measure.threshold,
      score: measure.baseline?.score,
    },
    topPosts: alert.top_posts.slice(0, 5).map((post) => messagePost(post, medias)),
    topWords: (alert.top_words.length
      ? alert.top_words.map((word) => word.name)
      : measure.terms
    ).slice(0, 10),
    platforms: alert.platforms
      .slice(0, 8)
      .map((p) => ({ name: platformName(p.name, medias), count: p.value })),
    firstPost: alert.first_post
      ? { ...messagePost(alert.first_post, medias), created: alert.first_post.created }
      : undefined,
    link: new URL(alert.link, context.baseUrl).href,
  });
}

/**
 * The notifier part A's checker calls: queues one send of the alert per channel of its rule and
 * wakes the delivery worker. Sending happens in the worker, so a slow channel never holds a check.
 */
export function createAlertNotifier(
  store: Store,
  options: { baseUrl: string; wake: () => void; now?: () => Date },
): AlertNotifier {
  return async (alert, rule, projectId) => {
    const channels = await store.alertChannels.list(projectId, rule._id);
    if (!channels.length) return;
    const project = await store.tenancy.findProjectById(projectId);
    const message = alertMessageOf(alert, rule, {
      baseUrl: options.baseUrl,
      timeZone: project?.profile.timezone ?? 'Asia/Shanghai',
      medias: project?.profile.medias ?? [],
    });
    await store.alertDeliveries.enqueue(
      channels.map((channel) => ({
        projectId,
        alertId: alert._id,
        channelId: channel.id,
        message,
      })),
      options.now?.() ?? new Date(),
    );
    options.wake();
  };
}

/** Where links in messages point: PUBLIC_URL, else this server as configured. */
export function alertLinkBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  return `http://${host}:${config.port}`;
}
