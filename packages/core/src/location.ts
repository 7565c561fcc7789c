import { z } from 'zod';

/**
 * A project is addressed by the URL path
 * `/{repository}/{customer}/{project}/{version}/subject/{subjectId}` (spec section 2);
 * API calls name it with the same values as query parameters.
 */
export const slug = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, '只能包含字母、数字、下划线和连字符');

export const projectScope = z.object({
  repository: slug,
  customer: slug,
  project: slug,
  subject_id: slug.optional(),
});
export type ProjectScope = z.infer<typeof projectScope>;

export interface ProjectLocation extends ProjectScope {
  version: string;
}

export const LATEST_VERSION = 'latest';

/** Reads the project location from a URL pathname; undefined when it names no project. */
export function parseProjectPath(pathname: string): ProjectLocation | undefined {
  const segments = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [repository, customer, project, version = LATEST_VERSION, kind, subjectId] = segments;
  const parsed = projectScope.safeParse({
    repository,
    customer,
    project,
    subject_id: kind === 'subject' ? subjectId : undefined,
  });
  if (!parsed.success) return undefined;
  return { ...parsed.data, version };
}

export function projectPath(location: ProjectScope & { version?: string }): string {
  const parts = [
    location.repository,
    location.customer,
    location.project,
    location.version ?? LATEST_VERSION,
  ];
  if (location.subject_id) parts.push('subject', location.subject_id);
  return `/${parts.map(encodeURIComponent).join('/')}/`;
}
