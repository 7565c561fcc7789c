import { create } from 'zustand';
import { fetchAlerts } from '../../api/alerts';

interface UnreadAlertsState {
  /** The viewer's unread alerts of the project; undefined until first read. */
  count: number | undefined;
  report(count: number): void;
  /** Reads the count again in the background (a failure keeps the last one). */
  refresh(): Promise<void>;
}

/** The unread count both the navigation's badge and the alert list keep up to date. */
export const useUnreadAlerts = create<UnreadAlertsState>((set) => ({
  count: undefined,
  report: (count) => set({ count }),
  async refresh() {
    try {
      const answer = await fetchAlerts({ size: 1 }, { quiet: true });
      set({ count: answer.unread });
    } catch {
      // A member without alerts' access, or a server away for a moment: keep what was shown.
    }
  },
}));
