export * from './rules.js';
export * from './retag.js';
export * from './rules-csv.js';
export * from './tag-requests.js';
export * from './tool-options.js';
export * from './calls.js';
