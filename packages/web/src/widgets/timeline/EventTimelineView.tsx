import { timelineEventText, type EventTimelineAnswer, type TimelineEvent } from '@yuqing/core';
import { Timeline } from 'antd';
import { useT } from '../../i18n/useT';
import { CompactPostRow } from '../../posts/CompactPostRow';
import type { WidgetViewProps } from '../types';
import { usePostWidget } from '../posts/usePostWidget';
import styles from './EventTimelineView.module.css';

/** Each kind's dot: the first post blue, peaks orange, turns red, spreaders green. */
const KIND_COLORS: Record<TimelineEvent['kind'], string> = {
  first: 'blue',
  peak: 'orange',
  turn: 'red',
  spreader: 'green',
};

/** event-timeline (事件脉络): what happened when, each event with the post it links to. */
export default function EventTimelineView({
  chart,
  data,
  query,
  timeZone,
}: WidgetViewProps<EventTimelineAnswer>) {
  const t = useT();
  const { terms } = usePostWidget(chart, query);
  return (
    <div className={styles.timeline} data-testid={`widget-body-${chart.i}`}>
      <Timeline
        items={data.events.map((event) => {
          const { label, when, detail } = timelineEventText(event, {
            interval: data.interval,
            timeZone,
            locale: t.locale,
          });
          return {
            key: `${event.kind}-${event.time}-${event.post._id}`,
            color: KIND_COLORS[event.kind],
            children: (
              <div data-testid={`timeline-event-${event.kind}`}>
                <div className={styles.head}>
                  <strong>{label}</strong>
                  {when && <time>{when}</time>}
                  {detail && <span className={styles.detail}>{detail}</span>}
                </div>
                <CompactPostRow post={event.post} terms={terms} />
              </div>
            ),
          };
        })}
      />
    </div>
  );
}
