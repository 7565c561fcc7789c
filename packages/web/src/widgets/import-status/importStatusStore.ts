import { IDLE_IMPORT, type ImportStatus } from '@yuqing/core';
import { create } from 'zustand';

interface ImportStatusState {
  status: ImportStatus;
  /** Raised whenever more posts became visible to searches: widgets load again. */
  generation: number;
  report(next: ImportStatus): void;
}

export const useImportStatus = create<ImportStatusState>((set, get) => ({
  status: IDLE_IMPORT,
  generation: 0,
  report(next) {
    const { status, generation } = get();
    const moreVisible =
      (next.running && next.committed > status.committed) || (status.running && !next.running);
    set({ status: next, generation: moreVisible ? generation + 1 : generation });
  },
}));
