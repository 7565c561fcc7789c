import { z } from 'zod';
import { LOGIN_TYPES, ROLES } from '../constants.js';
import { hexColor } from '../project.js';
import { newPassword, newUsername, nickname } from '../user.js';

const codeName = z.object({
  name: z.string().trim().min(1).max(50),
  code: z.string().trim().min(1).max(50),
});

/**
 * System configuration of a project (spec 7, GET/POST /project_sys; super admins, non-subject
 * projects only): the profile fields that change who signs in and what the data means.
 */
export const projectSystemSettings = z.object({
  loginTypes: z.array(z.enum(LOGIN_TYPES)).min(1, '至少保留一种登录方式'),
  scene: z.string().max(50),
  icp: z.string().max(100),
  primaryColor: hexColor,
  tendencies: z.array(z.string().trim().min(1).max(20)).min(1).max(50),
  medias: z.array(codeName).max(100),
  /** Newline-separated keywords highlighted in post cards. */
  highlight_keyword: z.string().max(5000),
  discard_word: z.array(z.string().trim().min(1).max(50)).max(2000),
  excludePath: z.array(z.string().trim().min(1)).max(500),
  showDownloadJobList: z.boolean(),
});
export type ProjectSystemSettings = z.infer<typeof projectSystemSettings>;

/** A member of the project as system configuration lists them. */
export const projectMember = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  role: z.enum(ROLES),
  disabled: z.boolean(),
  isSuperAdmin: z.boolean(),
  wxBound: z.boolean(),
  /** The signed-in user: no actions on one's own account. */
  self: z.boolean(),
});
export type ProjectMember = z.infer<typeof projectMember>;

/** `GET /project_sys`. */
export const projectSystem = z.object({
  settings: projectSystemSettings,
  members: z.array(projectMember),
});
export type ProjectSystem = z.infer<typeof projectSystem>;

const userId = z.guid('不是有效的用户 ID');

/**
 * `POST /project_sys/member`: add a member (a new account, or an existing username), change a
 * role, disable or enable an account, or reset a password. Passwords are sent as typed over the
 * session's connection and stored only as scrypt hashes of their MD5.
 */
export const memberAction = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    username: newUsername,
    nickname,
    role: z.enum(ROLES),
    password: newPassword.optional(),
  }),
  z.object({ action: z.literal('role'), userId, role: z.enum(ROLES) }),
  z.object({ action: z.literal('disable'), userId, disabled: z.boolean() }),
  z.object({ action: z.literal('reset_password'), userId, password: newPassword }),
  z.object({ action: z.literal('remove'), userId }),
]);
export type MemberAction = z.infer<typeof memberAction>;
