/** The app shell, shared components, the API client and the session. */
export const shellEnglish = {} as const;
