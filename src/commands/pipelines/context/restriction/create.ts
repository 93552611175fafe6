import { requiredContextArgument } from '../pick.js';
import { required } from '../../../shared/required.js';
import { CONTEXT_ORG, parseContextRef, resolveContext } from '../ref.js';
import { type Command, Option } from 'commander';
import { verbCommand } from '../../../shared/verbs.js';
import type { Factory } from '../../../../app/types.js';
import type { RestrictionType } from '../../../../clients/pipelines/types.js';
import { UsageError } from '../../../../errors.js';
import { RESTRICTION_COLUMNS } from '../../columns.js';
import { type PipelinesBase, parseChoice, parseUuid, start } from '../../shared.js';
import { choiceOption } from '../../../shared/choices.js';
import { type ProjectRef, parseProjectArg, withProjectId } from '../../project-ref.js';

export interface ContextRestrictionCreateOptions extends PipelinesBase {
  contextId: string;
  type: RestrictionType;
  value: string;
}

const TYPES: readonly RestrictionType[] = ['project', 'expression', 'group'];

/**
 * Checks the value for its type: a group is a UUID, an expression is a rule, a project is its id, slug
 * or name (with --org), whose id is looked up once the settings are read.
 */
export function parseRestriction(o: { type?: string; value?: string; org?: string }): {
  type: RestrictionType;
  value: string;
  project?: ProjectRef;
} {
  if (o.type === undefined) throw new UsageError('--type is required', `give one of: ${TYPES.join(', ')}`);
  if (o.value === undefined)
    throw new UsageError(
      '--value is required',
      'give a project (id, slug or name), a group id or an expression',
    );
  const type = parseChoice('--type', o.type, TYPES);
  if (type === 'expression') {
    if (o.value.trim() === '')
      throw new UsageError(
        '--value is empty',
        'give an expression such as \'pipeline.git.branch == "main"\'',
      );
    if (o.value.length > 1024) throw new UsageError('--value: an expression is at most 1024 characters');
    return { type, value: o.value };
  }
  if (type === 'project') {
    const project = parseProjectArg(o.value, o);
    return 'id' in project ? { type, value: project.id } : { type, value: o.value.trim(), project };
  }
  return { type, value: parseUuid('--value', o.value, `the ${type} id (uuid)`) };
}

export function contextRestrictionCreateCommand(
  factory: Factory,
  run = runContextRestrictionCreate,
): Command {
  return verbCommand(
    'create',
    'Restrict who may use a context: a project, a group, or an expression over pipeline values',
    [
      'ops pipelines context restriction create \\\n' +
        '    82b4dc90-910e-4466-b679-404a7cd3a59c --type project \\\n' +
        '    --value dfe353c7-5813-42bd-892a-3303ae7414ba',
      'ops pipelines context restriction create \\\n' +
        '    82b4dc90-910e-4466-b679-404a7cd3a59c --type project --value web-app',
      'ops pipelines context restriction create \\\n' +
        '    82b4dc90-910e-4466-b679-404a7cd3a59c --type expression \\\n' +
        `    --value 'pipeline.git.branch == "main"'`,
      'ops pipelines context restriction create \\\n' +
        '    82b4dc90-910e-4466-b679-404a7cd3a59c --type group \\\n' +
        '    --value b11b1c94-17d1-4b51-a554-12ddb406aff8',
    ],
  )
    .addArgument(requiredContextArgument())
    .option('--org <org>', CONTEXT_ORG)
    .addOption(required(choiceOption('--type <type>', 'project, expression or group', TYPES)))
    .addOption(
      required(
        new Option(
          '--value <value>',
          'a project (id, slug, or name in --org), a group id, or an expression such as pipeline.git.branch == "main"',
        ),
      ),
    )
    .action(async (id: string, o: { type?: string; value?: string; org?: string }, c: Command) => {
      const ref = parseContextRef(id, c.opts());
      const { project, ...restriction } = parseRestriction(o);
      const { base, contextId, projectId } = await start(
        factory,
        c,
        {},
        {
          // The context, then the project: a slug or name costs one planned read (named by --dry-run).
          resolve: async (ctx, base) => ({
            contextId: await resolveContext(ctx, base, ref, c.opts()),
            ...(await withProjectId(project, o)(ctx, base)),
          }),
        },
      );
      if (projectId !== undefined) restriction.value = projectId;
      await run({ ...base, contextId, ...restriction });
    });
}

export async function runContextRestrictionCreate(o: ContextRestrictionCreateOptions): Promise<void> {
  const created = await (await o.client()).createContextRestriction(o.contextId, {
    restriction_type: o.type,
    restriction_value: o.value,
  });
  await o.printer.print(created, { columns: RESTRICTION_COLUMNS });
}
