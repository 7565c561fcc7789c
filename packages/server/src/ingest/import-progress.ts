import { IDLE_IMPORT, type ImportStatus } from '@yuqing/core';

/** The background imports that are running, by project, for GET /posts/import_status. */
export class ImportProgressBoard {
  private readonly running = new Map<string, ImportStatus>();

  begin(projectId: string, total: number, committed: number): void {
    this.running.set(projectId, { running: true, total, rows: committed, committed });
  }

  update(projectId: string, change: Partial<Pick<ImportStatus, 'rows' | 'committed'>>): void {
    const status = this.running.get(projectId);
    if (status) this.running.set(projectId, { ...status, ...change });
  }

  end(projectId: string): void {
    this.running.delete(projectId);
  }

  statusOf(projectId: string): ImportStatus {
    return this.running.get(projectId) ?? IDLE_IMPORT;
  }
}
