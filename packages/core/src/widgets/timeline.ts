import type { WidgetSpecs } from './widget-data.js';
import type { EventTimelineAnswer, TimelineEvent } from '../posts/answers.js';
import { formatNumber, formatPercent } from '../format.js';
import { translate, type Locale } from '../locales/index.js';
import { single } from './charts.js';
import { bucketLabel } from './trend-model.js';

interface TimelineTextContext {
  timeZone: string;
  locale: Locale;
}

/** event-timeline (事件脉络): the first post, peaks, turns of sentiment and top spreaders. */
export const timelineSpecs = {
  'event-timeline': {
    type: 'event-timeline',
    label: '事件脉络',
    group: '文章',
    size: { w: 12, h: 24 },
    innerRequest: { size: 3 },
    sources: ['common_event_timeline'],
    optionKeys: [],
    switches: {},
    // `size`: at most this many peaks, turns and spreaders each.
    data: single({ aggs: 'common_event_timeline' }, { aggs: 'common_event_timeline' }),
  },
} satisfies Partial<WidgetSpecs>;

/**
 * What a timeline shows of an event besides its post: its name, the bucket of a peak or a turn
 * (the post shows its own time) and one line on why it is there.
 */
export function timelineEventText(
  event: TimelineEvent,
  { interval, timeZone, locale }: Pick<EventTimelineAnswer, 'interval'> & TimelineTextContext,
): { label: string; when?: string; detail: string } {
  const bucket = () => bucketLabel(event.time, interval, timeZone, true);
  switch (event.kind) {
    case 'first':
      return {
        label: translate(locale, 'timeline.first'),
        detail: '',
      };
    case 'peak':
      return {
        label: translate(locale, 'timeline.peak'),
        when: bucket(),
        detail: translate(locale, 'timeline.peakDetail', { posts: formatNumber(event.posts) }),
      };
    case 'turn':
      return {
        label: translate(
          locale,
          event.share > event.previous ? 'timeline.turnUp' : 'timeline.turnDown',
        ),
        when: bucket(),
        detail: translate(locale, 'timeline.turnDetail', {
          previous: formatPercent(event.previous),
          share: formatPercent(event.share),
        }),
      };
    case 'spreader':
      return {
        label: translate(locale, 'timeline.spreader'),
        detail: translate(locale, 'timeline.spreaderDetail', {
          author: event.author,
          posts: formatNumber(event.posts),
          engagement: formatNumber(event.engagement),
        }),
      };
  }
}
