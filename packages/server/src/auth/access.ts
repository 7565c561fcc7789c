import { timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_COOKIE,
  SESSION_MAX_AGE_S,
  type ProjectScope,
  type Role,
  type UserInfo,
  GUEST,
} from '@yuqing/core';
import { forbidden, notFound, sessionGone, unauthenticated } from '../errors.js';
import type {
  ProjectRecord,
  SessionRecord,
  Store,
  SubjectRecord,
  UserRecord,
} from '../store/index.js';
import { InFlight } from './in-flight.js';
import { hashToken, newToken } from './tokens.js';

export interface Viewer {
  user: UserRecord;
  session: SessionRecord;
}

export interface ProjectAccess {
  viewer: Viewer;
  project: ProjectRecord;
  subject?: SubjectRecord;
  role: Role;
}

export const CLI_TOKEN_HEADER = 'x-yuqing-cli-token';

/**
 * How long a look-up of a session, a project or a role is reused by later calls: a page's widgets
 * and a team's viewers share one. A change made through this server ends them at once
 * (`forgetAccess`); one made through another server sharing the database shows within this time.
 */
export const SESSION_CACHE_MS = 5_000;

/** The session cookie: HttpOnly, SameSite=Lax, 30 days; Secure when served over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: SESSION_MAX_AGE_S,
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** Who may do what: sessions, project membership and roles, checked on every call. */
export class Access {
  /** `cliToken`: the secret the local import command presents (see cli/import.ts). */
  constructor(
    private readonly store: Store,
    private readonly cliToken?: string,
  ) {}

  /** Store lookups shared by concurrent requests (a dashboard's widgets); see InFlight. */
  private readonly lookups = new InFlight();

  /** Sessions and their users by token hash, for SESSION_CACHE_MS. */
  private readonly sessions = new LRUCache<string, { session: SessionRecord; user?: UserRecord }>({
    max: 10_000,
    ttl: SESSION_CACHE_MS,
  });
  /** Projects by their scope's names, for SESSION_CACHE_MS. */
  private readonly projects = new LRUCache<string, { value?: ProjectRecord }>({
    max: 10_000,
    ttl: SESSION_CACHE_MS,
  });
  /** Roles by user and project, for SESSION_CACHE_MS. */
  private readonly roles = new LRUCache<string, { value?: Role }>({
    max: 100_000,
    ttl: SESSION_CACHE_MS,
  });

  /** Counts the calls of `forgetAccess`: a look-up begun before one may have read what it changed. */
  private generation = 0;

  /** What the access hook resolved for a request, shared with its handler. */
  private readonly resolved = new WeakMap<FastifyRequest, Map<string, Promise<unknown>>>();

  private once<T>(request: FastifyRequest, key: string, run: () => Promise<T>): Promise<T> {
    let answers = this.resolved.get(request);
    if (!answers) this.resolved.set(request, (answers = new Map()));
    let answer = answers.get(key) as Promise<T> | undefined;
    if (!answer) answers.set(key, (answer = run()));
    return answer;
  }

  /**
   * Ends every cached look-up of sessions, projects and roles: called after a write that may
   * change who may do what (a sign-out, an account, a member or role, a customer or project).
   */
  forgetAccess(): void {
    this.generation++;
    this.sessions.clear();
    this.projects.clear();
    this.roles.clear();
  }

  /**
   * A look-up shared by the callers that ask for it while it runs, begun again after a change
   * (`forgetAccess`): what a caller hears was read after the last change it could know of.
   */
  private lookUp<T>(key: string, look: () => Promise<T>): Promise<T> {
    return this.lookups.run(`${this.generation}\u0000${key}`, look);
  }

  /**
   * A look-up kept in `cache` for SESSION_CACHE_MS, shared by concurrent callers meanwhile; one
   * that a change overtook is answered but not kept.
   */
  private async remembered<T>(
    cache: LRUCache<string, { value?: T }>,
    key: string,
    look: () => Promise<T | undefined>,
  ): Promise<T | undefined> {
    const cached = cache.get(key);
    if (cached) return cached.value;
    const generation = this.generation;
    const value = await this.lookUp(key, look);
    if (generation === this.generation) cache.set(key, { value });
    return value;
  }

  /** True when the caller is the import command on this machine, holding the data folder's token. */
  isLocalCli(request: FastifyRequest): boolean {
    const presented = request.headers[CLI_TOKEN_HEADER];
    if (!this.cliToken || typeof presented !== 'string') return false;
    const a = Buffer.from(presented);
    const b = Buffer.from(this.cliToken);
    return a.length === b.length && timingSafeEqual(a, b);
  }

  async startSession(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRecord,
    isWx: boolean,
  ): Promise<string> {
    const token = newToken();
    await this.store.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      isWx,
      address: request.ip,
      expiresAt: new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
    });
    setSessionCookie(request, reply, token);
    return token;
  }

  /**
   * The signed-in viewer, or undefined for a guest. An unknown token counts as no session; an
   * expired or revoked one answers 410 and clears the cookie.
   */
  async viewer(request: FastifyRequest, reply: FastifyReply, token?: string) {
    const presented = token ?? request.cookies[SESSION_COOKIE];
    if (!presented) return undefined;
    const tokenHash = hashToken(presented);
    const cached = this.sessions.get(tokenHash);
    const generation = this.generation;
    const session =
      cached?.session ??
      (await this.lookUp(`session\u0000${tokenHash}`, () =>
        this.store.sessions.findByTokenHash(tokenHash),
      ));
    if (!session) return undefined;
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) {
      clearSessionCookie(reply);
      throw sessionGone();
    }
    const user =
      cached?.user ??
      (await this.lookUp(`user\u0000${session.userId}`, () =>
        this.store.users.findById(session.userId),
      ));
    if (!cached && generation === this.generation) this.sessions.set(tokenHash, { session, user });
    if (!user) return undefined;
    if (user.disabled) throw forbidden('账号已停用');
    return { user, session } satisfies Viewer;
  }

  requireViewer(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    return this.once(request, 'viewer', async () => {
      const viewer = await this.viewer(request, reply);
      if (!viewer) throw unauthenticated();
      return viewer;
    });
  }

  /** Signed in as a super admin: tenancy administration (customers, projects, users, audit). */
  async requireSuperAdmin(request: FastifyRequest, reply: FastifyReply): Promise<Viewer> {
    const viewer = await this.requireViewer(request, reply);
    if (!viewer.user.isSuperAdmin) throw forbidden('需要超级管理员权限');
    return viewer;
  }

  async findProject(scope: ProjectScope) {
    const project = await this.remembered(
      this.projects,
      `project\u0000${scope.repository}\u0000${scope.customer}\u0000${scope.project}`,
      () => this.store.tenancy.findProject(scope),
    );
    if (!project) {
      throw notFound(`项目不存在: ${scope.repository}/${scope.customer}/${scope.project}`);
    }
    const subject = scope.subject_id
      ? await this.store.tenancy.findSubject(project.id, scope.subject_id)
      : undefined;
    if (scope.subject_id && !subject) throw notFound(`专题不存在: ${scope.subject_id}`);
    return { project, subject };
  }

  /** The viewer's role in a project; a super admin is an admin everywhere. */
  async roleIn(viewer: Viewer, project: ProjectRecord): Promise<Role | undefined> {
    if (viewer.user.isSuperAdmin) return 'admin';
    return this.remembered(this.roles, `role\u0000${viewer.user.id}\u0000${project.id}`, () =>
      this.store.tenancy.findRole(viewer.user.id, project.id),
    );
  }

  /**
   * Signed in, a member of the project named by the call, and holding `minimum` role; while the
   * project or its customer is disabled only super admins get in.
   */
  requireProject(
    request: FastifyRequest,
    reply: FastifyReply,
    scope: ProjectScope,
    minimum: Role = 'viewer',
  ): Promise<ProjectAccess> {
    const key = [
      'project',
      minimum,
      scope.repository,
      scope.customer,
      scope.project,
      scope.subject_id,
    ];
    return this.once(request, key.join('\u0000'), async () => {
      const viewer = await this.requireViewer(request, reply);
      const { project, subject } = await this.findProject(scope);
      const role = await this.roleIn(viewer, project);
      if (!role) throw forbidden('您不是该项目的成员');
      if (!viewer.user.isSuperAdmin) {
        if (project.customerDisabled) throw forbidden('客户已停用');
        if (project.disabled) throw forbidden('项目已停用');
      }
      if (minimum === 'admin' && role !== 'admin') throw forbidden('需要项目管理员权限');
      return { viewer, project, subject, role };
    });
  }

  async userInfo(viewer: Viewer | undefined, project?: ProjectRecord): Promise<UserInfo> {
    if (!viewer) return GUEST;
    const role = project ? await this.roleIn(viewer, project) : undefined;
    return {
      nickname: viewer.user.nickname,
      isLogin: true,
      isWx: viewer.session.isWx,
      isAdmin: role === 'admin',
      isSuperAdmin: viewer.user.isSuperAdmin,
      isGuest: false,
    };
  }
}
