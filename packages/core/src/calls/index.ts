export * from './call.js';
export * from './system-calls.js';
export * from './api-calls.js';
