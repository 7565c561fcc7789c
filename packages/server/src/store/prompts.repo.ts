import type { Kysely } from 'kysely';
import type { Prompt, PromptInput } from '@yuqing/core';
import type { Database } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A project's prompts, oldest first; ids that are no uuid find nothing. */
export class PromptsRepo {
  constructor(private readonly db: Kysely<Database>) {}

  private listed() {
    return this.db
      .selectFrom('prompts')
      .select(['id as _id', 'name', 'type_name', 'messages as prompt', 'temperature']);
  }

  async list(projectId: string): Promise<Prompt[]> {
    return this.listed().where('project_id', '=', projectId).orderBy('created_at').execute();
  }

  async count(projectId: string): Promise<number> {
    const row = await this.db
      .selectFrom('prompts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('project_id', '=', projectId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async add(projectId: string, prompt: PromptInput): Promise<Prompt> {
    return this.db
      .insertInto('prompts')
      .values({
        project_id: projectId,
        name: prompt.name,
        type_name: prompt.type_name,
        messages: JSON.stringify(prompt.prompt),
        temperature: prompt.temperature,
      })
      .returning(['id as _id', 'name', 'type_name', 'messages as prompt', 'temperature'])
      .executeTakeFirstOrThrow();
  }

  /** The prompt as edited, or undefined when the project has no prompt of this id. */
  async update(projectId: string, id: string, prompt: PromptInput): Promise<Prompt | undefined> {
    if (!UUID.test(id)) return undefined;
    return this.db
      .updateTable('prompts')
      .set({
        name: prompt.name,
        type_name: prompt.type_name,
        messages: JSON.stringify(prompt.prompt),
        temperature: prompt.temperature,
        updated_at: new Date(),
      })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .returning(['id as _id', 'name', 'type_name', 'messages as prompt', 'temperature'])
      .executeTakeFirst();
  }

  async remove(projectId: string, id: string): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const result = await this.db
      .deleteFrom('prompts')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
