import { sql, type Kysely } from 'kysely';
import type { TemplateKind } from '@yuqing/core';
import type { Database, ExportTemplatesTable } from './schema.js';

/** An uploaded template as listed: without its logo's bytes. */
export interface StoredTemplate {
  id: string;
  kind: TemplateKind;
  name: string;
  colors: string[];
  accent: string;
  background: string;
  hasLogo: boolean;
  createdBy: string;
  createdAt: Date;
}

export interface NewTemplate {
  kind: TemplateKind;
  name: string;
  colors: string[];
  accent: string;
  background: string;
  logo?: { data: Uint8Array; type: NonNullable<ExportTemplatesTable['logo_type']> };
  createdBy: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Export templates uploaded to a project, by kind; ids that are no uuid find nothing. */
export class ExportTemplatesRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private listed() {
    return this.db
      .selectFrom('export_templates')
      .select([
        'id',
        'kind',
        'name',
        'colors',
        'accent',
        'background',
        'created_by as createdBy',
        'created_at as createdAt',
        sql<boolean>`logo is not null`.as('hasLogo'),
      ]);
  }

  async list(projectId: string, kind: TemplateKind): Promise<StoredTemplate[]> {
    return this.listed()
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .orderBy('created_at')
      .execute();
  }

  async count(projectId: string, kind: TemplateKind): Promise<number> {
    const row = await this.db
      .selectFrom('export_templates')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(projectId: string, template: NewTemplate): Promise<StoredTemplate> {
    const { id } = await this.db
      .insertInto('export_templates')
      .values({
        project_id: projectId,
        kind: template.kind,
        name: template.name,
        colors: JSON.stringify(template.colors),
        accent: template.accent,
        background: template.background,
        logo: template.logo?.data ?? null,
        logo_type: template.logo?.type ?? null,
        created_by: template.createdBy,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return (await this.listed().where('id', '=', id).executeTakeFirst())!;
  }

  /** A template of the project and kind, with its logo's bytes. */
  async find(projectId: string, kind: TemplateKind, id: string) {
    if (!UUID.test(id)) return undefined;
    const row = await this.listed()
      .select(['logo', 'logo_type'])
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    const { logo, logo_type, ...template } = row;
    return {
      ...template,
      logo: logo && logo_type ? { data: Buffer.from(logo), type: logo_type } : undefined,
    };
  }

  async remove(projectId: string, kind: TemplateKind, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const result = await this.db
      .deleteFrom('export_templates')
      .where('project_id', '=', projectId)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
