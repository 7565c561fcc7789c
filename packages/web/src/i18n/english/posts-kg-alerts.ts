/** Post cards and lists, tagging and the knowledge graph, the alert list and bell. */
export const postsKgAlertsEnglish = {} as const;
