export * from './rule.js';
export * from './alert.js';
export * from './baseline.js';
export * from './quiet-hours.js';
export * from './link.js';
export * from './calls.js';
