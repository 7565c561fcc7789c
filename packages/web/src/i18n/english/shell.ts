/** The shell: navigation, routes, sign-in, project list, error screens and the API client. */
export const shellEnglish = {
  更多: 'More',
  已取消: 'Cancelled',
} as const;
