export * from './draft.js';
export * from './templates.js';
export * from './system.js';
export * from './calls.js';
export * from './project-calls.js';
