/** Alert rules and channels, data configuration. */
export const manageAlertsDataEnglish = {} as const;
