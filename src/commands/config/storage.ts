/** `service.key` → its two parts; a global key (`output`) has no service. */
export function splitKey(key: string): { service: string; name: string } | undefined {
  const dot = key.indexOf('.');
  return dot > 0 ? { service: key.slice(0, dot), name: key.slice(dot + 1) } : undefined;
}
