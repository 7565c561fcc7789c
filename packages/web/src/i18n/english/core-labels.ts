/** Labels from core shown as they are (field names, platforms, date ranges, widget types, aggregations, sentiment). */
export const coreLabelsEnglish = {} as const;
