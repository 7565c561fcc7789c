import type { AlertDeliveryError } from '@yuqing/core';
import { useEffect, useState } from 'react';
import { fetchAlertChannels } from '../../api/alertChannels';
import { channelDrafts, type ChannelDraft } from './channelDraft';

interface StoredChannels {
  /** The rule whose channels were read. */
  ruleId?: string;
  errors: AlertDeliveryError[];
  /** Why the server keeps no channels (no ALERT_SECRET_KEY), if it said so. */
  unavailable?: string;
}

/**
 * A rule's channels as the drawer edits them, read when the rule is opened or saved: `loaded`
 * once the server answered them (so saving them again replaces what it holds).
 */
export function useRuleChannels(ruleId: string | undefined) {
  const [drafts, setDrafts] = useState<ChannelDraft[]>([]);
  const [stored, setStored] = useState<StoredChannels>({ errors: [] });

  useEffect(() => {
    if (!ruleId) return;
    let live = true;
    fetchAlertChannels(ruleId).then(
      (answer) => {
        if (!live) return;
        setDrafts(channelDrafts(answer.channels));
        setStored({ ruleId, errors: answer.errors });
      },
      (error: unknown) =>
        live && setStored({ errors: [], unavailable: error instanceof Error ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [ruleId]);

  return {
    drafts,
    setDrafts,
    errors: stored.errors,
    unavailable: stored.unavailable,
    loaded: ruleId !== undefined && stored.ruleId === ruleId,
  };
}
