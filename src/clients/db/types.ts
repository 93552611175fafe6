import { wireFields } from '../wire-fields.js';
/** Wire types of the database role-assignment API (seed 001 C, reference C.2–C.5). */

/** The three properties of an assignment, as sent and as answered. */
export interface SqlRoleAssignmentPropertiesWire {
  /** Fully qualified id of a role definition of the same account. */
  roleDefinitionId: string;
  /** Fully qualified data-plane path: the account, `/dbs/<db>` or `/dbs/<db>/colls/<coll>` below it. */
  scope: string;
  /** Object id of the directory principal. */
  principalId: string;
}

export interface SqlRoleAssignmentCreateUpdateWire {
  properties: SqlRoleAssignmentPropertiesWire;
}

/** SqlRoleAssignmentGetResults. */
export interface SqlRoleAssignmentWire {
  id: string;
  name: string;
  type: string;
  properties: SqlRoleAssignmentPropertiesWire;
}

export interface PermissionWire {
  dataActions?: string[];
  notDataActions?: string[];
}

/** SqlRoleDefinitionGetResults. */
export interface SqlRoleDefinitionWire {
  id: string;
  name: string;
  type: string;
  properties: {
    roleName: string;
    type: 'BuiltInRole' | 'CustomRole';
    assignableScopes: string[];
    permissions: PermissionWire[];
  };
}

/** `{value: [...]}`; ARM lists may carry `nextLink` (these two never do, reference C.4). */
export interface ListResultWire<T> {
  value: T[];
  nextLink?: string | null;
}

/** The body of an `Azure-AsyncOperation` URL (reference C.3). */
export interface OperationStatusWire {
  id?: string;
  name?: string;
  /** `InProgress`, `Succeeded`, `Failed`, `Canceled` (any case), or another non-terminal word. */
  status: string;
  startTime?: string;
  endTime?: string;
  error?: { code?: string; message?: string };
}

/** CloudError (seed C, Errors). */
export interface CloudErrorWire {
  error?: { code?: string; message?: string; target?: string };
}

/** The fields of a role assignment and of a role definition, for `--json a,b`. */
export const ROLE_ASSIGNMENT_FIELDS = wireFields<SqlRoleAssignmentWire>({
  id: true,
  name: true,
  type: true,
  properties: true,
});
export const ROLE_DEFINITION_FIELDS = wireFields<SqlRoleDefinitionWire>({
  id: true,
  name: true,
  type: true,
  properties: true,
});
