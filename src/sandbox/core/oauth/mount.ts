import type { Reply, SandboxContext, SandboxRequest } from '../framework.js';
import { declaredSettings } from '../declared.js';
import { TokenRegistry } from './registry.js';
import { AuthServer, type OAuthVendor } from './server.js';

export interface MountedAuthServer {
  registry: TokenRegistry;
  server: AuthServer;
  /** The answer of an authorization-server path, or undefined: the emulator's own routes then. */
  handle(req: SandboxRequest): Reply | undefined;
  reset(): void;
  stats(): Record<string, unknown>;
}

/**
 * A vendor's authorization server in an emulator, with the settings every one of them takes:
 * `<service>.token_lifetime` (seconds an issued access token lives, default 3599),
 * `<service>.device_approval` (`visit`, the default: a device code is approved when its verification
 * page is opened with the user code, `…/device?user_code=XXXX-XXXX`; `immediate`: at once, for
 * scripts), `<service>.device_interval` (seconds between polls, default 5; polling sooner is slow_down).
 */
export function mountAuthServer(
  ctx: SandboxContext,
  service: string,
  vendor: OAuthVendor,
  mint?: ConstructorParameters<typeof TokenRegistry>[1],
  registry = new TokenRegistry(ctx.clock, mint),
): MountedAuthServer {
  const s = declaredSettings(ctx, service);
  const server = new AuthServer(vendor, {
    clock: ctx.clock,
    registry,
    prefix: `/${service}`,
    lifetime: s.number('token_lifetime'),
    deviceApproval: s.choice<'visit' | 'immediate'>('device_approval'),
    interval: s.number('device_interval'),
  });
  const scheme = ctx.options.scheme ?? 'http';
  return {
    registry,
    server,
    handle: (req) => server.handle(req, scheme),
    reset() {
      registry.reset();
      server.reset();
    },
    stats: () => ({
      ...server.counts,
      tokensIssued: registry.fingerprints.length,
      issuedTokenSha256: [...registry.fingerprints],
    }),
  };
}
