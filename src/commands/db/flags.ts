/**
 * The flags of `ops db` that are neither global nor in the shared vocabulary
 * (src/commands/shared/vocabulary.ts), each with why it is this group's own: a parameter, header or
 * behaviour of this API or command that no other service has. Read by the vocabulary test and the agent
 * interface, never by the CLI at start-up.
 */
export const OWN_FLAGS: Record<string, string> = {
  '--account':
    '6 verbs (role-assignment create, role-assignment delete…): database account name (env OPS_DB_ACCOUNT)',
  '--api-version':
    '6 verbs (role-assignment create, role-assignment delete…): api-version (env OPS_DB_API_VERSION, default 2025-10-15)',
  '--id': 'role-assignment create: the assignment id (default: a new GUID; an existing id is updated)',
  '--principal': 'role-assignment create: object id (GUID) of the directory principal to grant access',
  '--resource-group':
    '6 verbs (role-assignment create, role-assignment delete…): resource group of the account (env OPS_DB_RESOURCE_GROUP)',
  '--role-definition': 'role-assignment create: role definition: its GUID, full id, or role name',
  '--scope':
    'role-assignment create: where: /, /dbs/<db>, /dbs/<db>/colls/<coll>, or the fully qualified path',
  '--subscription':
    '6 verbs (role-assignment create, role-assignment delete…): subscription id of the account (env OPS_DB_SUBSCRIPTION)',
};
