declare const __OPS_VERSION__: string | undefined;

/** Set by the bundler from package.json; the tests see the development value. */
export const VERSION: string = typeof __OPS_VERSION__ === 'string' ? __OPS_VERSION__ : '0.0.0-dev';
