import {
  alertChannelConfig,
  answerChannel,
  withKeptSecrets,
  type AlertChannelAnswered,
  type AlertChannelConfig,
  type AlertChannelInput,
} from '@yuqing/core';
import { Refusal, invalidInput } from '../../refusals.js';
import type { Store } from '../../store/index.js';
import type { SecretBox } from './secret-box.js';

/** The stored settings do not open under this server's key: it changed since they were saved. */
const channelsUnreadable = () =>
  new Refusal(
    'unavailable',
    '通知渠道无法解密：ALERT_SECRET_KEY 与保存渠道时的不同，请换回原密钥，或重新填写并保存渠道',
  );

/**
 * A rule's channels with their settings sealed at rest: saves merge the secrets a form left out
 * from the stored channel, answers never carry them.
 */
export class ChannelVault {
  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
  ) {}

  async answered(projectId: string, ruleId: string): Promise<AlertChannelAnswered[]> {
    const stored = await this.store.alertChannels.list(projectId, ruleId);
    return stored.map((channel) => answerChannel(channel.id, this.openConfig(channel.sealed)));
  }

  /** Replaces the rule's channels; a channel missing a setting is refused, naming it. */
  async replace(
    projectId: string,
    ruleId: string,
    inputs: readonly AlertChannelInput[],
  ): Promise<AlertChannelAnswered[]> {
    const stored = await this.openable(projectId, ruleId);
    const sealed = inputs.map((input, index) => {
      const config = this.complete(input, stored, `channels.${index}`);
      return { id: input.id, kind: config.kind, sealed: this.box.seal(JSON.stringify(config)) };
    });
    const saved = await this.store.alertChannels.replace(projectId, ruleId, sealed);
    return saved.map((channel) => answerChannel(channel.id, this.openConfig(channel.sealed)));
  }

  /** A form's channel with the rule's stored secrets filled in, checked whole. */
  async completeInput(
    projectId: string,
    ruleId: string | undefined,
    input: AlertChannelInput,
  ): Promise<AlertChannelConfig> {
    const stored = ruleId && input.id ? await this.openable(projectId, ruleId) : new Map();
    return this.complete(input, stored, 'channel');
  }

  openConfig(sealed: string): AlertChannelConfig {
    let opened: string;
    try {
      opened = this.box.open(sealed);
    } catch {
      throw channelsUnreadable();
    }
    return alertChannelConfig.parse(JSON.parse(opened));
  }

  /** The stored channels that open under the key: a form that retypes the others replaces them. */
  private async openable(
    projectId: string,
    ruleId: string,
  ): Promise<Map<string, AlertChannelConfig>> {
    const stored = await this.store.alertChannels.list(projectId, ruleId);
    const opened = new Map<string, AlertChannelConfig>();
    for (const channel of stored) {
      try {
        opened.set(channel.id, this.openConfig(channel.sealed));
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
      }
    }
    return opened;
  }

  private complete(
    input: AlertChannelInput,
    stored: Map<string, AlertChannelConfig>,
    path: string,
  ): AlertChannelConfig {
    const merged = withKeptSecrets(input, input.id ? stored.get(input.id) : undefined);
    const parsed = alertChannelConfig.safeParse(merged);
    if (parsed.success) return parsed.data;
    const problems = parsed.error.issues.map(
      (issue) => `${[path, ...issue.path].join('.')}: ${issue.message}`,
    );
    throw invalidInput(problems.join('; '));
  }
}
