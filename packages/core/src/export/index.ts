export * from './export.js';
export * from './download-jobs.js';
export * from './query-summary.js';
export * from './reports.js';
export * from './templates.js';
export * from './report-calls.js';
export * from './calls.js';
