import type { ExportMember } from '../export/exports.js';
import { Refusal } from '../refusals.js';
import type { ScheduleRow, Store } from '../store/index.js';

const gone = (message: string) => new Refusal('gone', message);

/**
 * Whom a schedule's runs act as: its author, a project admin when the schedule was saved, in the
 * schedule's project (or subject).
 */
export async function scheduleMember(
  store: Store,
  schedule: ScheduleRow,
): Promise<ExportMember & { userName: string }> {
  const project = await store.tenancy.findProjectById(schedule.project_id);
  if (!project) throw gone('项目已不存在');
  const subject = schedule.subject_id
    ? await store.tenancy.findSubject(project.id, schedule.subject_id)
    : undefined;
  if (schedule.subject_id && !subject) throw gone('专题已不存在');
  if (!schedule.author_id) throw gone('定时报告的保存人已被删除，请项目管理员重新保存该定时报告');
  return {
    userId: schedule.author_id,
    userName: schedule.author_name,
    project,
    subject,
    role: 'admin',
  };
}
