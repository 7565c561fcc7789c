import { describe, expect, it } from 'vitest';
import { parseProjectPath, projectPath } from './location.js';

describe('project location', () => {
  it('reads repository, customer, project and version from the path', () => {
    expect(parseProjectPath('/yuqing/demo/demo/latest/')).toEqual({
      repository: 'yuqing',
      customer: 'demo',
      project: 'demo',
      version: 'latest',
      subject_id: undefined,
    });
    expect(parseProjectPath('/yuqing/demo/demo')?.version).toBe('latest');
  });

  it('reads a subject from segments 4 and 5', () => {
    expect(parseProjectPath('/yuqing/demo/demo/3/subject/launch/')).toMatchObject({
      version: '3',
      subject_id: 'launch',
    });
    expect(parseProjectPath('/yuqing/demo/demo/3/other/launch/')?.subject_id).toBeUndefined();
  });

  it('names no project for short or unsafe paths', () => {
    expect(parseProjectPath('/')).toBeUndefined();
    expect(parseProjectPath('/yuqing/demo')).toBeUndefined();
    expect(parseProjectPath('/yuqing/de%20mo/demo')).toBeUndefined();
  });

  it('writes paths that read back the same', () => {
    const location = {
      repository: 'r',
      customer: 'c',
      project: 'p',
      subject_id: 's',
      version: '2',
    };
    expect(projectPath(location)).toBe('/r/c/p/2/subject/s/');
    expect(parseProjectPath(projectPath(location))).toEqual(location);
    expect(projectPath({ repository: 'r', customer: 'c', project: 'p' })).toBe('/r/c/p/latest/');
  });
});
