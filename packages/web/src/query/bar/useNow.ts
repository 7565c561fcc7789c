import { useState } from 'react';

/**
 * The time the control was first shown: what relative ranges ("today", "7 days") are compared
 * with. Fixed for the control's life, like the page's own `now`.
 */
export function useNow(): number {
  const [now] = useState(() => Date.now());
  return now;
}
