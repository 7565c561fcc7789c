/** The visual editor of pages, menus and widgets. */
export const manageVisualEnglish = {} as const;
