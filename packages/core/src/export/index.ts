export * from './export.js';
export * from './download-jobs.js';
