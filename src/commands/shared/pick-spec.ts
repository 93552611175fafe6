/** What a picker chooses from: a list of things, and how each is shown and named. */
export interface PickSpec<T> {
  /** The argument as the usage line names it (`run-id`): the error off a terminal names it. */
  argument: string;
  /** What is chosen, in words (`run`, `task list`). */
  what: string;
  /** The first page of the list (at most `--limit`'s default, 30). */
  list: () => Promise<T[]>;
  /** One line for a person: what tells it from the others. */
  label: (item: T) => string;
  /** The id the verb takes. */
  id: (item: T) => string;
}
