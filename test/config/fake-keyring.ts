/**
 * An in-memory keyring in place of `@napi-rs/keyring` (the real one: test/e2e/keyring.test.ts):
 * `vi.mock('@napi-rs/keyring', () => import('./fake-keyring.js'))`. Items by `service/account`.
 */
export const items = new Map<string, string>();
/** The stores asked for, one per item made (the Secret Service, never keyutils). */
export const stores: Array<string | undefined> = [];
/** When set, making an item fails with this message, as the library does without a session bus. */
export const failure: { message: string | undefined } = { message: undefined };

export class Entry {
  readonly id: string;
  constructor(service: string, account: string, options?: { linux?: { store?: string } }) {
    if (failure.message) throw new Error(failure.message);
    stores.push(options?.linux?.store);
    this.id = `${service}/${account}`;
  }
  getPassword() {
    return items.get(this.id) ?? null;
  }
  setPassword(v: string) {
    items.set(this.id, v);
  }
  deletePassword() {
    return items.delete(this.id);
  }
}
