import type { CreateProjectInput, ProjectSource } from '@yuqing/core';

/** The fields of the 新建项目 form. */
export interface ProjectFields {
  customerId: string;
  repository: string;
  code: string;
  name: string;
  source: ProjectSource['kind'];
  templateCustomerId?: string;
  templateName?: string;
  copyProjectId?: string;
  copySubjects?: boolean;
}

/** What the form's fields ask the server for. */
export function projectRequest(values: ProjectFields): CreateProjectInput {
  const { customerId, repository, code, name } = values;
  const source: ProjectSource =
    values.source === 'template'
      ? { kind: 'template', customerId: values.templateCustomerId!, name: values.templateName! }
      : values.source === 'copy'
        ? { kind: 'copy', projectId: values.copyProjectId!, subjects: values.copySubjects ?? false }
        : { kind: 'empty' };
  return { customerId, repository, code, name, source };
}
