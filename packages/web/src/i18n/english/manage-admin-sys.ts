/** The admin console and system configuration. */
export const manageAdminSysEnglish = {} as const;
