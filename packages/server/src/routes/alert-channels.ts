import { ALERT_CALLS, SECRET_MASK, projectPath, type AlertChannelInput } from '@yuqing/core';
import type { ChannelVault } from '../alerts/delivery/channel-vault.js';
import { DeliveryError } from '../alerts/delivery/delivery-error.js';
import { sampleAlertMessage } from '../alerts/delivery/sample-message.js';
import { sendAlert } from '../alerts/delivery/send-alert.js';
import { HttpError, badRequest, notFound } from '../errors.js';
import { checkDestination, type Destinations } from '../net/destination.js';
import type { Store } from '../store/index.js';
import { ruleTarget } from './alerts.js';
import { placeTarget } from './audit.js';
import { ok, type Api, type RouteContext } from './context.js';
import { route } from './route.js';

const RULE_NOT_FOUND = 'rule_id: 预警规则不存在';

const keyMissing = () =>
  new HttpError(
    503,
    '未配置 ALERT_SECRET_KEY：通知渠道的地址与密钥须加密保存，请设置该环境变量（32 字节，openssl rand -base64 32）',
  );

/** The project's rule, or a 404: channels hang off a rule of the caller's project only. */
async function requireRule(store: Store, projectId: string, ruleId: string) {
  const rule = await store.alertRules.get(projectId, ruleId);
  if (!rule) throw notFound(RULE_NOT_FOUND);
  return rule;
}

async function channelsAnswer(
  store: Store,
  vault: ChannelVault,
  projectId: string,
  ruleId: string,
) {
  return {
    rule_id: ruleId,
    channels: await vault.answered(projectId, ruleId),
    errors: await store.alertDeliveries.lastErrors(ruleId),
  };
}

/** The host an admin's channel names, unless its address is the stored one sent back masked. */
function namedHost(channel: AlertChannelInput): string | undefined {
  if (channel.kind === 'email') return channel.host;
  return channel.url && channel.url !== SECRET_MASK ? new URL(channel.url).hostname : undefined;
}

/** How long a save waits for a channel's host name to resolve before saving it unchecked. */
const SAVE_CHECK_MS = 3_000;

/**
 * Refuses a channel whose address is the server's own network (a 400 naming it) before it is
 * saved; every send checks again. A name that does not resolve now, or not within
 * SAVE_CHECK_MS (a resolver that never answers held a save past 30 s), is saved: it may later.
 */
async function refuseClosedDestinations(
  channels: readonly AlertChannelInput[],
  destinations: Destinations,
): Promise<void> {
  for (const [index, channel] of channels.entries()) {
    const host = namedHost(channel);
    if (host === undefined) continue;
    let timer: NodeJS.Timeout | undefined;
    const check = await Promise.race([
      checkDestination(host, destinations).catch(() => undefined),
      new Promise<undefined>((settle) => {
        timer = setTimeout(() => settle(undefined), SAVE_CHECK_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    if (check && !check.allowed) {
      throw badRequest(
        `channels.${index}.${channel.kind === 'email' ? 'host' : 'url'}: ${check.reason}`,
      );
    }
  }
}

/** Where a rule's alerts are sent (project admins); secrets are written, never read back. */
export function alertChannelRoutes(
  api: Api,
  { store, config, audit }: RouteContext,
  vault: ChannelVault | undefined,
  destinations: Destinations,
) {
  route(api, ALERT_CALLS.channels, async ({ member: { project }, query }) => {
    const { rule_id: ruleId } = query;
    if (!vault) throw keyMissing();
    await requireRule(store, project.id, ruleId);
    return ok(await channelsAnswer(store, vault, project.id, ruleId));
  });

  route(api, ALERT_CALLS.replaceChannels, async ({ request, member, query, body }) => {
    const { rule_id: ruleId } = query;
    const { project } = member;
    if (!vault) throw keyMissing();
    const rule = await requireRule(store, project.id, ruleId);
    await refuseClosedDestinations(body.channels, destinations);
    await vault.replace(project.id, ruleId, body.channels);
    const answer = await channelsAnswer(store, vault, project.id, ruleId);
    // Kinds and ids only: a channel's address and keys are its secrets.
    await audit(request, member, 'alert_channel.replace', ruleTarget(rule), {
      channels: answer.channels.map(({ id, kind }) => ({ id, kind })),
    });
    return ok(answer);
  });

  route(api, ALERT_CALLS.testChannel, async ({ request, member, query, body }) => {
    const { project } = member;
    if (!vault) throw keyMissing();
    const { rule_id: ruleId, channel } = body;
    const rule = ruleId ? await requireRule(store, project.id, ruleId) : undefined;
    const tested = (delivered: boolean) =>
      audit(
        request,
        member,
        'alert_channel.test',
        rule ? ruleTarget(rule) : placeTarget({ project }),
        { kind: channel.kind, ...(channel.id && { channelId: channel.id }), delivered },
      );
    const target = await vault.completeInput(project.id, ruleId, channel);
    const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const link = new URL(projectPath(query), base).href;
    try {
      await sendAlert(
        target,
        sampleAlertMessage(link, project.profile.timezone, Date.now()),
        destinations,
        'test',
      );
      await tested(true);
      return ok({ delivered: true });
    } catch (error) {
      if (!(error instanceof DeliveryError)) throw error;
      await tested(false);
      return ok({ delivered: false, error: error.message });
    }
  });
}
