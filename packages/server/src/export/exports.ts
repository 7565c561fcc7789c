import { randomUUID } from 'node:crypto';
import {
  EXPORT_MAX_ROWS,
  EXPORT_MESSAGES,
  addJobRequest,
  OFFLINE_DOWNLOAD_THRESHOLD,
  POST_FILE_WIDGETS,
  baseRequest,
  filterLines,
  formatPostTime,
  planInput,
  postPageBody,
  rangeText,
  requestSort,
  searchBodyFor,
  searchRequest,
  valueLabels,
  type AddJobRequest,
  type DocumentFormat,
  type PageExportRequest,
  type PostQuery,
  type Role,
  type Sort,
} from '@yuqing/core';
import { invalidInput } from '../refusals.js';
import { publishedPage } from '../search/published-page.js';
import type { SearchRunner } from '../search/searcher.js';
import type {
  DownloadJobRow,
  ProjectRecord,
  Store,
  StoredExportRequest,
  SubjectRecord,
} from '../store/index.js';
import { buildDocument } from './documents.js';
import { loadExportPage, ownerName, pageTitleOf, type ExportPage } from './export-page.js';
import type { ExportFiles } from './export-files.js';
import type { PostsFileHeading } from './posts-file.js';
import { writeListedPostsFile } from './posts-file-writer.js';
import { exportTemplate } from './templates.js';

/** Who exports: a member of the project (or subject) with a role. */
export interface ExportMember {
  userId: string;
  project: ProjectRecord;
  subject: SubjectRecord | undefined;
  role: Role;
}

const DAY_MS = 86_400_000;

/** A PDF is drawn like the Word brief, so it takes the Word templates. */
const TEMPLATE_KIND_OF = { pptx: 'pptx', docx: 'docx', pdf: 'docx' } as const;

/** Where the posts of a download come from: the query of the page's post widget. */
interface PostsSource {
  query: PostQuery;
  sort: Sort;
  heading: PostsFileHeading;
  fileName: string;
}

/** `{project}-{page}-{yyyyMMdd-HHmm}.{ext}`, without characters file systems refuse. */
function fileName(parts: string[], madeAt: string, extension: string): string {
  const stamp = madeAt.replace(/[-:]/g, '').replace(' ', '-');
  return `${[...parts, stamp].join('-').replace(/[\\/:*?"<>|\s]+/g, '_')}.${extension}`;
}

/** Decks, briefs, PDFs and posts files of a page, and the offline jobs that write large ones. */
export class Exports {
  constructor(
    private readonly deps: {
      store: Store;
      runner: SearchRunner;
      files: ExportFiles;
      retentionDays: number;
    },
  ) {}

  private expiry() {
    return new Date(Date.now() + this.deps.retentionDays * DAY_MS);
  }

  private async page(
    format: DocumentFormat,
    member: ExportMember,
    request: PageExportRequest,
  ): Promise<ExportPage> {
    const page = await publishedPage(this.deps.store, member, request.page, request.version);
    const template = await exportTemplate(
      this.deps.store,
      member.project,
      TEMPLATE_KIND_OF[format],
      request.template,
    );
    return loadExportPage(this.deps.runner, member, page, request, template);
  }

  /** A slide deck, Word brief or PDF of the page, kept as a file; answers its id. */
  async document(
    format: DocumentFormat,
    member: ExportMember,
    request: PageExportRequest,
  ): Promise<string> {
    return this.saveDocument(format, member, await this.page(format, member, request), request);
  }

  /** A deck, brief or PDF of an assembled page (a page's or a report's), kept as a file. */
  async saveDocument(
    format: DocumentFormat,
    member: ExportMember,
    page: ExportPage,
    request: StoredExportRequest['export'],
  ): Promise<string> {
    const data = await buildDocument(format, page);
    const { file, size } = await this.deps.files.write(`${randomUUID()}.${format}`, data);
    return this.deps.store.downloadJobs.addFile({
      projectId: member.project.id,
      ownerId: member.userId,
      format,
      name: fileName([page.projectName, page.pageTitle], page.madeAt, format),
      file,
      size,
      expiresAt: this.expiry(),
      request: { scope: scopeOf(member), role: member.role, export: request },
    });
  }

  /**
   * The posts of the page's post widget: written at once up to the offline threshold (answered
   * as a path to send and delete), queued as an offline job beyond it.
   */
  async posts(
    member: ExportMember,
    request: AddJobRequest,
  ): Promise<{ path: string; name: string } | { jobId: string }> {
    const source = await this.postsSource(member, request);
    const scope = { projectId: member.project.id, timeZone: member.project.profile.timezone };
    const total = await this.deps.runner.engine.count(scope, source.query);
    if (total > EXPORT_MAX_ROWS)
      throw invalidInput(
        `当前查询共 ${total} 条，超过单个文件上限 ${EXPORT_MAX_ROWS} 条，请缩小时间范围或增加筛选条件`,
      );
    if (total <= OFFLINE_DOWNLOAD_THRESHOLD) {
      const path = this.deps.files.partPath();
      try {
        await this.write(request.format, path, member.project, source, () => {});
      } catch (error) {
        await this.deps.files.discard(path);
        throw error;
      }
      return { path, name: source.fileName };
    }
    const jobId = await this.deps.store.downloadJobs.enqueue({
      projectId: member.project.id,
      ownerId: member.userId,
      format: request.format,
      name: source.fileName,
      total,
      expiresAt: this.expiry(),
      request: { scope: scopeOf(member), role: member.role, export: request },
    });
    return { jobId };
  }

  /**
   * Writes an offline job's file under its member's access as it was asked; `onRows` hears the
   * progress. Answers the written file (not yet recorded) and its rows.
   */
  async runJob(job: DownloadJobRow, onRows: (rows: number) => Promise<void> | void) {
    const { scope, role } = job.request;
    const request = addJobRequest.parse(job.request.export);
    const project = await this.deps.store.tenancy.findProject(scope);
    if (!project) throw invalidInput('项目已不存在');
    const subject = scope.subject_id
      ? await this.deps.store.tenancy.findSubject(project.id, scope.subject_id)
      : undefined;
    if (scope.subject_id && !subject) throw invalidInput('专题已不存在');
    const member = { userId: job.owner_id, project, subject, role };
    const source = await this.postsSource(member, request);
    const part = this.deps.files.partPath();
    try {
      const rows = await this.write(request.format, part, project, source, onRows);
      return { part, rows };
    } catch (error) {
      await this.deps.files.discard(part);
      throw error;
    }
  }

  private write(
    format: AddJobRequest['format'],
    path: string,
    project: ProjectRecord,
    source: PostsSource,
    onRows: (rows: number) => Promise<void> | void,
  ) {
    const timeZone = project.profile.timezone;
    return writeListedPostsFile(
      format,
      path,
      this.deps.runner.engine.scan({ projectId: project.id, timeZone }, source.query, source.sort),
      source.heading,
      { timeZone, labels: valueLabels(project.profile) },
      onRows,
    );
  }

  private async postsSource(member: ExportMember, request: AddJobRequest): Promise<PostsSource> {
    const page = await publishedPage(this.deps.store, member, request.page, request.version);
    const postWidgets = page.charts.filter((chart) => POST_FILE_WIDGETS.includes(chart.type));
    const chart = request.widget
      ? postWidgets.find((widget) => widget.i === request.widget)
      : postWidgets[0];
    if (!chart) throw invalidInput(EXPORT_MESSAGES.excelNeedsPosts);
    const timeZone = member.project.profile.timezone;
    const input = planInput(chart, request.query, { now: request.now ?? Date.now(), timeZone });
    const sort = requestSort(input.request, 'created desc');
    const parsed = searchRequest.safeParse(
      searchBodyFor(postPageBody(baseRequest(input.request), { page: 0, size: 20, sort })),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw invalidInput(`${issue.path.join('.') || 'query'}: ${issue.message}`);
    }
    const query = { ...parsed.data, filters: [...(parsed.data.filters ?? []), ...page.scope] };
    const projectName = ownerName(member.project, member.subject);
    const pageTitle = pageTitleOf(page, request.page);
    const madeAt = formatPostTime(Date.now(), timeZone).slice(0, 16);
    return {
      query,
      sort,
      heading: {
        title: [projectName, pageTitle, chart.title].filter(Boolean).join(' - '),
        range: rangeText(request.query, timeZone),
        filters: filterLines(request.query, valueLabels(member.project.profile)),
        madeAt,
      },
      fileName: fileName([projectName, pageTitle], madeAt, request.format),
    };
  }
}

function scopeOf(member: ExportMember) {
  return {
    repository: member.project.repository,
    customer: member.project.customerCode,
    project: member.project.code,
    ...(member.subject && { subject_id: member.subject.id }),
  };
}
