import {
  alertChannelConfig,
  answerChannel,
  withKeptSecrets,
  type AlertChannelAnswered,
  type AlertChannelConfig,
  type AlertChannelInput,
} from '@yuqing/core';
import { badRequest } from '../../errors.js';
import type { Store } from '../../store/index.js';
import type { SecretBox } from './secret-box.js';

/**
 * A rule's channels with their settings sealed at rest: saves merge the secrets a form left out
 * from the stored channel, answers never carry them.
 */
export class ChannelVault {
  constructor(
    private readonly store: Store,
    private readonly box: SecretBox,
  ) {}

  /** The rule's channels as stored, opened. */
  async configs(
    projectId: string,
    ruleId: string,
  ): Promise<{ id: string; config: AlertChannelConfig }[]> {
    const stored = await this.store.alertChannels.list(projectId, ruleId);
    return stored.map((channel) => ({ id: channel.id, config: this.openConfig(channel.sealed) }));
  }

  async answered(projectId: string, ruleId: string): Promise<AlertChannelAnswered[]> {
    const channels = await this.configs(projectId, ruleId);
    return channels.map(({ id, config }) => answerChannel(id, config));
  }

  /** Replaces the rule's channels; a channel missing a setting is refused, naming it. */
  async replace(
    projectId: string,
    ruleId: string,
    inputs: readonly AlertChannelInput[],
  ): Promise<AlertChannelAnswered[]> {
    const stored = new Map(
      (await this.configs(projectId, ruleId)).map((channel) => [channel.id, channel.config]),
    );
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
    const stored = new Map(
      ruleId && input.id
        ? (await this.configs(projectId, ruleId)).map((channel) => [channel.id, channel.config])
        : [],
    );
    return this.complete(input, stored, 'channel');
  }

  openConfig(sealed: string): AlertChannelConfig {
    return alertChannelConfig.parse(JSON.parse(this.box.open(sealed)));
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
    throw badRequest(problems.join('; '));
  }
}
